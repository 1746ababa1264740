// Greyhound stadium starting traps. Each of the six boxes has a release
// solenoid behind its own serial descriptor; a race card maps race numbers to
// the six TrapLinks. A scratched dog's box is closed (its link is kept so
// the box numbering stays intact) and flagged; after the race the race's
// links are closed and its entry erased from the card.
// Mistakes: race_with_scratch() springs every trap, including the one just
// closed, and photo_finish_reset() pulses a box of a race whose links were all
// closed by finish_race(), through a copy of its descriptor taken before.
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

struct TrapLink {
    int box = 0;
    int fd = -1;
    bool scratched = false;
};

using RaceCard = std::unordered_map<int, std::vector<TrapLink>>;

static const char kOpen[] = "OPEN\n";
static const char kReset[] = "RESET\n";

std::vector<TrapLink> open_traps() {
    std::vector<TrapLink> traps;
    for (int box = 1; box <= 6; ++box) {
        std::string dev = "/dev/ttyTRAP" + std::to_string(box);
        traps.push_back(TrapLink{box, ::open(dev.c_str(), O_WRONLY | O_NOCTTY), false});
    }
    return traps;
}

// box is 1-based as printed on the race card.
void scratch(std::vector<TrapLink>& traps, int box) {
    TrapLink& t = traps.at(static_cast<size_t>(box - 1));
    ::close(t.fd);
    t.scratched = true;
}

void spring_all(std::vector<TrapLink>& traps) {
    for (auto& t : traps) ::write(t.fd, kOpen, sizeof kOpen - 1);  // SAME: spring
}

void spring_runners(std::vector<TrapLink>& traps) {
    for (auto& t : traps) {
        if (t.scratched) continue;
        ::write(t.fd, kOpen, sizeof kOpen - 1);  // OK: scratched (closed) boxes are skipped
    }
}

void finish_race(std::vector<TrapLink>& traps) {
    for (auto& t : traps) {
        if (!t.scratched) ::close(t.fd);  // OK: a scratched box was closed by scratch(), not again here
        t.fd = -1;
    }
}

void race_with_scratch(RaceCard& card, int race, int scratched_box) {
    std::vector<TrapLink>& traps = card.at(race);
    scratch(traps, scratched_box);
    spring_all(traps);  // BUG: use-after-close #spring
}

void race_with_scratch_fixed(RaceCard& card, int race) {
    std::vector<TrapLink>& traps = card.at(race);
    scratch(traps, 4);
    spring_runners(traps);
    ::write(traps.at(4).fd, kReset, sizeof kReset - 1);  // OK: index 4 is box 5; box 4 (index 3) was scratched
    finish_race(traps);
    card.erase(race);
}

void photo_finish_reset(RaceCard& card, int race) {
    std::vector<TrapLink>& traps = card.at(race);
    const int winner_fd = traps.at(0).fd;
    finish_race(traps);
    ::write(winner_fd, kReset, sizeof kReset - 1);  // BUG: use-after-close
}

void evening_meeting(RaceCard& card) {
    for (int race = 1; race <= 10; ++race) card[race] = open_traps();
    for (int race = 1; race <= 10; ++race) {
        spring_runners(card.at(race));
        finish_race(card.at(race));
        card.erase(race);
    }
    for (int race = 1; race <= 10; ++race) {
        auto it = card.find(race);
        if (it == card.end()) continue;
        spring_all(it->second);  // OK: every race was erased after finish_race(), nothing is found
    }
}
