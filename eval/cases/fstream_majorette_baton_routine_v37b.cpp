// Majorette baton routines: the coach's tool writes count sheets (bar number
// and move) for each routine, seals sheets with an END line, and counts the
// drops recorded in rehearsal logs. Three places keep writing after the file
// was closed: a cue list written after close(), a judges' note appended after
// seal() closed the sheet, and a routine sheet whose end() was already called.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class RoutineSheet {
public:
    explicit RoutineSheet(std::string dir) : dir_(std::move(dir)) {}

    bool begin(const std::string& routine) {
        out_.open(dir_ + "/" + routine + ".cnt");
        return out_.is_open();
    }
    void count(int bar, const std::string& move) {
        if (!out_.is_open()) throw std::runtime_error("routine sheet closed");
        out_ << bar << ' ' << move << '\n';
    }
    void end() { out_.close(); }
    std::ofstream& stream() { return out_; }

private:
    std::string dir_;
    std::ofstream out_;
};

static void seal(std::ofstream& f) {
    f << "END\n";
    f.close();
}

void write_halftime_cues(const std::string& dir) {
    std::ofstream cues(dir + "/halftime.cues");
    cues << "toss 1 high\n";
    cues << "catch 1 behind-back\n";
    cues.close();
    cues << "toss 2 low\n"; // BUG: use-after-close
}

void write_parade_cues(const std::string& dir) {
    std::ofstream cues(dir + "/parade_a.cues");
    cues << "march 8\n";
    cues.close();
    cues.open(dir + "/parade_b.cues");
    if (cues.is_open()) cues << "spin 4\n"; // OK: reopened
}

void write_finale(const std::string& dir, const std::vector<std::string>& moves, bool judged) {
    std::ofstream sheet(dir + "/finale.cnt");
    for (const std::string& m : moves) sheet << m << '\n';
    seal(sheet);
    if (judged) sheet << "# judges: 9.1\n"; // BUG: use-after-close
}

void write_warmup(const std::string& dir) {
    std::ofstream sheet(dir + "/warmup.cnt");
    sheet << "stretch 16\n";
    seal(sheet);
    if (sheet.is_open()) sheet << "# extra\n"; // OK: guarded by is_open()
}

int count_drops(const std::string& log_path) {
    std::ifstream in(log_path);
    int drops = 0;
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("drop") != std::string::npos) ++drops;
    }
    in.close();
    if (drops == 0) {
        in.open(log_path + ".bak");
        while (std::getline(in, line)) { // OK: reopened on this path
            if (line.find("drop") != std::string::npos) ++drops;
        }
    }
    return drops;
}

void rehearse(RoutineSheet& sheet) {
    if (!sheet.begin("figure_eight")) return;
    sheet.count(1, "twirl");
    sheet.count(2, "thumb-toss");
    sheet.end();
    sheet.stream() << "# rehearsal only\n"; // BUG: use-after-close
}

void two_routines(RoutineSheet& sheet) {
    if (!sheet.begin("flag_salute")) return;
    sheet.count(1, "salute");
    sheet.end();
    if (!sheet.begin("rolls")) return;
    sheet.count(1, "elbow-roll"); // OK: begin() reopened the sheet
    sheet.end();
}
