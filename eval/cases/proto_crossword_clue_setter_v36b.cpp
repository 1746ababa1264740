// Crossword desk clue setter. A ClueGrid collects the answers and clues of one
// puzzle; publish() locks it for the print run (set_clue() and fill() go
// through ensure_editable(), which throws once published) and refuses to
// publish twice, because the second call would push a duplicate edition to
// the syndication feed. retract() pulls the edition back and makes the grid
// editable again. render() only reads.
// Mistakes: a late correction is applied after publish(), and the weekend
// path publishes a grid the weekday path already published.
#include <atomic>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class ClueGrid {
public:
    explicit ClueGrid(int number) : number_(number) {}

    void fill(const std::string& slot, const std::string& answer) {
        ensure_editable();
        answers_[slot] = answer;
    }

    void set_clue(const std::string& slot, const std::string& clue) {
        ensure_editable();
        clues_[slot] = clue;
    }

    void publish() {
        if (published_.exchange(true)) throw std::logic_error("puzzle " + std::to_string(number_) + " already published");
        ++editions_;
    }

    void retract() { published_.store(false); }

    bool is_published() const { return published_.load(); }

    std::string render() const {
        std::string out = "No. " + std::to_string(number_) + "\n";
        for (const auto& kv : clues_) out += kv.first + " " + kv.second + "\n";
        return out;
    }

private:
    void ensure_editable() const {
        if (published_.load()) throw std::logic_error("grid " + std::to_string(number_) + " closed for edits");
    }

    int number_;
    std::map<std::string, std::string> answers_;
    std::map<std::string, std::string> clues_;
    std::atomic<bool> published_{false};
    int editions_ = 0;
};

using Correction = std::pair<std::string, std::string>;

std::string press_day(ClueGrid& grid, const Correction* late) {
    grid.fill("1A", "OKAPI");
    grid.set_clue("1A", "Giraffe's forest cousin (5)");
    grid.publish();
    std::string proof = grid.render();  // OK: render() only reads
    if (late != nullptr) grid.set_clue(late->first, late->second);  // BUG: use-after-close
    return proof;
}

std::string press_day_fixed(ClueGrid& grid, const Correction* late) {
    grid.fill("1A", "OKAPI");
    grid.set_clue("1A", "Giraffe's forest cousin (5)");
    grid.publish();
    if (late != nullptr) {
        grid.retract();
        grid.set_clue(late->first, late->second);  // OK: retract() made the grid editable again
        grid.publish();  // OK: the retraction reopened it, so this is a fresh publication
    }
    if (!grid.is_published()) grid.set_clue("1A", "Striped ungulate (5)");  // OK: guarded
    return grid.render();
}

void weekday_run(ClueGrid& grid) {
    grid.fill("7D", "ZITHER");
    grid.set_clue("7D", "Strings laid flat (6)");
    grid.publish();
}

void weekend_run(ClueGrid& grid, bool also_weekday) {
    if (also_weekday) weekday_run(grid);
    grid.publish();  // BUG: double-close
}

void weekend_run_fixed(ClueGrid& grid, bool also_weekday) {
    if (also_weekday) weekday_run(grid);
    if (!grid.is_published()) grid.publish();  // OK: only publishes a grid nobody published yet
}
