// Heraldry society armorial export. The roll of arms (one "surname|blazon"
// line per bearer) is read twice: a first pass counts bearers per tincture,
// a second pass writes the blazons into numbered volume files of at most
// kPerVolume entries, each volume listed in an index file.
// Negative case: each volume is closed and the member stream reopened before
// the next write, add() refuses after finish() and finish() checks is_open()
// first (so the destructor may call it again), the roll ifstream is
// reopened for its second pass, and the index stream is a different object
// from the volume stream.
#include <cstddef>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

class ArmorialExporter {
public:
    static constexpr std::size_t kPerVolume = 500;

    explicit ArmorialExporter(std::string dir) : dir_(std::move(dir)) {
        index_.open(dir_ + "/index.txt");
        if (!index_.is_open()) throw std::runtime_error("cannot create armorial index");
    }

    ~ArmorialExporter() { finish(); }

    bool add(const std::string& surname, const std::string& blazon) {
        if (finished_) return false;
        if (entries_ % kPerVolume == 0) rotate();
        if (!volume_.is_open()) return false;
        volume_ << surname << ": " << blazon << '\n';  // OK: rotate() reopened it, or we returned
        ++entries_;
        return true;
    }

    void finish() {
        finished_ = true;
        if (volume_.is_open()) {
            volume_ << "-- end of volume " << volume_no_ << " --\n";
            volume_.close();
        }
        if (index_.is_open()) {
            index_ << entries_ << " entries in " << volume_no_ << " volumes\n";
            index_.close();
        }
    }

private:
    void rotate() {
        if (volume_.is_open()) {
            volume_ << "-- end of volume " << volume_no_ << " --\n";
            volume_.close();
        }
        ++volume_no_;
        std::string name = "armorial-" + std::to_string(volume_no_) + ".txt";
        volume_.open(dir_ + "/" + name);
        if (!volume_.is_open()) return;
        volume_ << "Armorial, volume " << volume_no_ << "\n\n";  // OK: opened on the line above
        if (index_.is_open()) index_ << name << '\n';
    }

    std::string dir_;
    std::ofstream volume_;
    std::ofstream index_;
    std::size_t entries_ = 0;
    int volume_no_ = 0;
    bool finished_ = false;
};

std::map<std::string, int> count_tinctures(std::ifstream& roll) {
    static const char* kTinctures[] = {"or", "argent", "gules", "azure", "vert", "sable", "purpure"};
    std::map<std::string, int> counts;
    std::string line;
    while (std::getline(roll, line)) {
        for (const char* t : kTinctures) {
            if (line.find(t) != std::string::npos) ++counts[t];
        }
    }
    return counts;
}

int export_roll(const std::string& roll_path, const std::string& out_dir) {
    std::ifstream roll(roll_path);
    if (!roll.is_open()) return -1;
    std::map<std::string, int> tinctures = count_tinctures(roll);
    roll.close();

    roll.clear();
    roll.open(roll_path);
    if (!roll.is_open()) return -1;
    ArmorialExporter out(out_dir);
    std::string line;
    int written = 0;
    while (std::getline(roll, line)) {  // OK: second pass on the reopened roll
        std::size_t bar = line.find('|');
        if (bar == std::string::npos) continue;
        if (out.add(line.substr(0, bar), line.substr(bar + 1))) ++written;
    }
    roll.close();
    out.finish();
    out.add("(late entry)", "per pale or and sable");  // OK: add() refuses once finish() ran

    std::ofstream stats(out_dir + "/tinctures.txt");
    for (const auto& kv : tinctures) stats << kv.first << ' ' << kv.second << '\n';
    stats.close();
    stats.open(out_dir + "/tinctures.txt", std::ios::app);
    if (stats) stats << "bearers " << written << '\n';  // OK: reopened in append mode
    return written;
}
