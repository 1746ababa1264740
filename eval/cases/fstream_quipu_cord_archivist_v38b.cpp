// Archive writer for an Andean quipu collection: every catalogued cord (its
// colour, ply and knot clusters) is appended to a season file, and the knot
// registry is read back when cords are cross-referenced. finish_season()
// calls seal(), which writes the footer and closes the season file, and then
// write_summary(), which appends to the same stream. read_knot_count() closes
// the registry on a bad magic line but falls through to the read. Guarded
// record(), the registry reopened for the pendant file and the early-return
// reader are correct.
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

struct Cord {
  std::string id;
  std::string colour;
  int ply;
  std::vector<int> knot_clusters;
};

class CordArchive {
 public:
  bool open(const std::string& dir, const std::string& season) {
    path_ = dir + "/season-" + season + ".qca";
    out_.open(path_, std::ios::app);
    return out_.is_open();
  }

  void record(const Cord& c) {
    if (!out_.is_open()) throw std::runtime_error("cord archive closed: " + path_);
    out_ << c.id << ';' << c.colour << ';' << c.ply;  // OK: guarded by is_open()
    for (int k : c.knot_clusters) out_ << ';' << k;
    out_ << '\n';
    ++cords_;
    knots_ += static_cast<int>(c.knot_clusters.size());
  }

  void seal() {
    out_ << "#end " << cords_ << '\n';
    out_.close();
  }

  void write_summary() {
    out_ << "#summary cords=" << cords_ << " knots=" << knots_ << '\n';  // SAME: summary_after_seal
  }

  void finish_season() {
    seal();
    write_summary();  // BUG: use-after-close #summary_after_seal
  }

  // Starts the next season in the same object: close, then open a new file.
  bool roll_over(const std::string& dir, const std::string& season) {
    if (out_.is_open()) seal();
    cords_ = knots_ = 0;
    if (!open(dir, season)) return false;
    out_ << "#begin " << season << '\n';  // OK: reopened by open()
    return true;
  }

 private:
  std::ofstream out_;
  std::string path_;
  int cords_ = 0;
  int knots_ = 0;
};

int read_knot_count(const std::string& path) {
  std::ifstream in(path);
  if (!in) return -1;
  std::string magic;
  std::getline(in, magic);
  if (magic != "QUIPU2") {
    std::cerr << path << ": unexpected registry format '" << magic << "'\n";
    in.close();
  }
  int n = 0;
  in >> n;  // BUG: use-after-close
  return n;
}

std::vector<std::string> pendant_ids(const std::string& registry, const std::string& pendants) {
  std::vector<std::string> ids;
  std::ifstream in(registry);
  std::string line;
  if (!std::getline(in, line) || line != "QUIPU2") return ids;
  in.close();
  in.open(pendants);
  if (!in.is_open()) return ids;
  while (std::getline(in, line)) {  // OK: reopened on the pendant file
    if (line.empty() || line[0] == '#') continue;
    if (line == "END") {
      in.close();
      break;
    }
    ids.push_back(line.substr(0, line.find(';')));
  }
  if (in.is_open()) std::getline(in, line);  // OK: guarded by is_open()
  return ids;
}

void catalogue(const std::vector<Cord>& cords) {
  CordArchive a;
  if (!a.open("/srv/quipu", "2024")) return;
  for (const auto& c : cords) a.record(c);
  a.finish_season();
  if (!a.roll_over("/srv/quipu", "2025")) return;
  if (!cords.empty()) a.record(cords.front());  // OK: roll_over reopened the file
}
