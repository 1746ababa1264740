// Backgammon club match journal. MatchJournal keeps one std::ofstream member
// per match: begin() closes the previous match file and opens the next one,
// finish() writes the result line and closes it. Cube offers are journaled by
// cube(), which writes straight to the member.
// Mistakes: a resignation after a cube offer is recorded by calling cube()
// after finish() closed the journal, and count_crawford_games() keeps reading
// an ifstream it closed on a bad header.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class MatchJournal {
public:
    explicit MatchJournal(std::string dir) : dir_(std::move(dir)) {}

    bool begin(const std::string& match_id) {
        if (out_.is_open()) out_.close();
        out_.open(dir_ + "/" + match_id + ".mat", std::ios::app);
        if (!out_.is_open()) return false;
        cube_value_ = 1;
        out_ << "; match " << match_id << '\n';  // OK: reopened just above
        return true;
    }

    void move(const std::string& player, const std::string& notation) {
        if (!out_.is_open()) throw std::runtime_error("match journal closed");
        out_ << player << ": " << notation << '\n';
    }

    void cube(const std::string& player, bool taken) {
        cube_value_ *= 2;
        out_ << player << " doubles => " << cube_value_ << (taken ? " take" : " drop") << '\n';  // SAME: cube
    }

    void finish(const std::string& winner, int points) {
        out_ << "; winner " << winner << " +" << points * cube_value_ << '\n';
        out_.close();
    }

    bool active() const { return out_.is_open(); }

private:
    std::string dir_;
    std::ofstream out_;
    int cube_value_ = 1;
};

struct GameResult {
    std::string winner;
    std::string loser;
    int points = 1;
    bool resigned_on_cube = false;
};

void record_game(MatchJournal& j, const GameResult& g) {
    j.finish(g.winner, g.points);
    if (g.resigned_on_cube) j.cube(g.loser, false);  // BUG: use-after-close #cube
}

void record_game_fixed(MatchJournal& j, const GameResult& g, const std::string& next_id) {
    if (g.resigned_on_cube) j.cube(g.loser, false);
    j.finish(g.winner, g.points);
    if (j.active()) j.move(g.winner, "(post-game note)");  // OK: active() is false after finish
    if (!j.begin(next_id)) return;
    j.move(g.winner, "opening 31: 8/5 6/5");  // OK: begin() opened the next match file
}

std::vector<std::string> load_opening_book(const std::vector<std::string>& files) {
    std::vector<std::string> lines;
    std::ifstream in;
    for (const auto& f : files) {
        in.open(f);
        if (!in.is_open()) continue;
        std::string line;
        while (std::getline(in, line)) {  // OK: reopened at the top of each iteration
            if (line == "#end") break;
            lines.push_back(line);
        }
        in.close();
    }
    return lines;
}

int count_crawford_games(const std::string& path) {
    std::ifstream in(path);
    if (!in) return 0;
    std::string header;
    std::getline(in, header);
    if (header.rfind("; match", 0) != 0) {
        in.close();  // not one of our match files
    }
    int n = 0;
    std::string line;
    while (std::getline(in, line)) {  // BUG: use-after-close
        if (line.find("Crawford") != std::string::npos) ++n;
    }
    return n;
}
