// Pipe-scale tables for an organ builder's workshop. readScaleHeader() validates a rank's
// scale file ("SCALE <rank>") and closes the stream when the header is missing.
// loadRank() returns early on failure. importMixture() treats a missing header as a
// warning, because old mixture tables were written without one and are still meant
// to be imported, and reads the diameters from the stream the helper has just closed,
// so those ranks come back empty. VoicingReport keeps an ofstream member that finish()
// closes; write() checks is_open() first, and the destructor's second finish() is a no-op.
// writeScaleTable() writes one rank's table and closes the stream: right for
// exportRank()'s one-file-per-rank, wrong for exportScaleBook(), which passes the same
// stream for every rank.
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

struct Rank {
  std::string name;
  std::vector<double> diametersMm;
};

static bool readScaleHeader(std::ifstream &in, std::string &rankName) {
  std::string magic;
  if (in.peek() != 'S' || !(in >> magic >> rankName) || magic != "SCALE") {
    in.close();
    return false;
  }
  return true;
}

static std::vector<double> readDiameters(std::ifstream &in) {
  std::vector<double> d;
  double mm = 0.0;
  while (in >> mm) // SAME: old-mixture
    d.push_back(mm);
  return d;
}

std::optional<Rank> loadRank(const std::string &path) {
  std::ifstream in(path);
  Rank r;
  if (!readScaleHeader(in, r.name))
    return std::nullopt;
  r.diametersMm = readDiameters(in); // OK
  return r;
}

std::vector<Rank> importMixture(const std::vector<std::string> &paths) {
  std::vector<Rank> ranks;
  for (const std::string &p : paths) {
    std::ifstream in(p);
    Rank r;
    if (!readScaleHeader(in, r.name)) {
      std::cerr << "warning: " << p << " has no SCALE header, reading as legacy table\n";
      r.name = p;
    }
    r.diametersMm = readDiameters(in); // BUG: use-after-close #old-mixture
    ranks.push_back(std::move(r));
  }
  return ranks;
}

static void writeScaleTable(std::ofstream &out, const Rank &r) {
  out << "SCALE " << r.name << '\n'; // SAME: scale-book
  for (double mm : r.diametersMm)
    out << mm << '\n';
  out.close();
}

bool exportRank(const Rank &r, const std::string &dir) {
  std::ofstream out(dir + "/" + r.name + ".scale");
  writeScaleTable(out, r);
  return !out.fail(); // OK
}

void exportScaleBook(const std::vector<Rank> &ranks, const std::string &path) {
  std::ofstream out(path);
  for (const Rank &r : ranks)
    writeScaleTable(out, r); // BUG: use-after-close #scale-book
}

class VoicingReport {
public:
  explicit VoicingReport(const std::string &path) : out_(path) {}
  ~VoicingReport() { finish(); }
  VoicingReport(const VoicingReport &) = delete;
  VoicingReport &operator=(const VoicingReport &) = delete;

  void write(const Rank &r) {
    if (!out_.is_open())
      return;
    out_ << r.name << ": " << r.diametersMm.size() << " pipes";
    if (!r.diametersMm.empty())
      out_ << ", CC " << r.diametersMm.front() << " mm";
    out_ << '\n';
  }

  void finish() {
    if (!out_.is_open())
      return;
    out_ << "-- end of voicing report --\n";
    out_.close();
  }

private:
  std::ofstream out_;
};

void voiceOrgan(const std::vector<std::string> &principals,
                const std::vector<std::string> &mixtures) {
  VoicingReport report("voicing.txt");
  for (const std::string &p : principals)
    if (auto r = loadRank(p))
      report.write(*r);
  for (const Rank &r : importMixture(mixtures))
    report.write(r);
  report.finish();
  report.write(Rank{"Tremulant", {}}); // OK
}
