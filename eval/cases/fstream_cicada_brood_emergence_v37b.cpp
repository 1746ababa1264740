// Periodical cicada brood survey: field crews leave one text file per plot
// with the emergence holes counted under each oak; this tool walks the plot
// files with one ifstream member that is closed and reopened per plot, and
// writes a summary that is rotated to a new file per county.
// Correct throughout: every read or write after a close() follows a
// successful open() of the same stream, or is guarded by is_open(), or the
// function returned before it.
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class PlotReader {
public:
    explicit PlotReader(std::vector<std::string> paths) : paths_(std::move(paths)) {}

    // Closes the current plot file and opens the next one. Returns false when
    // all plots are done or the next file cannot be opened.
    bool next_plot() {
        if (in_.is_open()) in_.close();
        while (index_ < paths_.size()) {
            in_.open(paths_[index_++]);
            if (in_.is_open()) return true;
        }
        return false;
    }

    int holes_in_current() {
        if (!in_.is_open()) throw std::runtime_error("plot file closed");
        int total = 0;
        int oak = 0;
        int holes = 0;
        while (in_ >> oak >> holes) total += holes; // OK: guarded by is_open() above
        return total;
    }

    void finish() {
        if (in_.is_open()) in_.close();
    }

private:
    std::vector<std::string> paths_;
    std::size_t index_ = 0;
    std::ifstream in_;
};

std::map<std::string, int> survey(PlotReader& reader, const std::vector<std::string>& names) {
    std::map<std::string, int> per_plot;
    std::size_t i = 0;
    while (reader.next_plot()) {
        int holes = reader.holes_in_current(); // OK: next_plot() returned true, file open
        if (i < names.size()) per_plot[names[i]] = holes;
        ++i;
    }
    reader.finish();
    reader.finish(); // OK: finish() checks is_open() first
    return per_plot;
}

void write_county_summaries(const std::string& dir, const std::map<std::string, std::map<std::string, int>>& counties) {
    std::ofstream out;
    for (const auto& county : counties) {
        if (out.is_open()) out.close();
        out.open(dir + "/" + county.first + ".summary");
        if (!out.is_open()) continue;
        for (const auto& plot : county.second) {
            out << plot.first << '\t' << plot.second << '\n'; // OK: opened for this county
        }
    }
    if (out.is_open()) {
        out << "# end\n"; // OK: guarded by is_open()
        out.close();
    }
}

bool append_brood_note(const std::string& path, const std::string& note) {
    std::ofstream notes(path, std::ios::app);
    if (!notes) return false;
    notes << note << '\n';
    notes.close();
    if (!notes) return false;
    notes.open(path + ".mirror", std::ios::app);
    if (!notes.is_open()) return false;
    notes << note << '\n'; // OK: reopened the mirror file
    return true;
}

int read_header_year(const std::string& path) {
    std::ifstream in(path);
    std::string tag;
    int year = 0;
    if (!(in >> tag >> year)) {
        in.close();
        return -1;
    }
    in.close();
    return year;  // read happened before close
}

void snapshot(const std::string& path, int total) {
    std::ofstream first(path + ".a");
    std::ofstream second(path + ".b");
    first << total << '\n';
    first.close();
    second << total << '\n'; // OK: a different stream, still open
}
