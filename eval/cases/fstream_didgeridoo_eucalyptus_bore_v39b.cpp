// A didgeridoo maker measures the termite-hollowed bore of each eucalyptus log
// every 5 cm and writes a bore profile plus a tuning sheet (drone pitch and
// toots). BoreBench keeps two ofstreams as members; seal_profile() closes the
// profile once the log is finished. Bugs: add_wax_mouthpiece() appends to the
// profile after seal_profile() in finish_log(); and the capped export closes its file
// when the cap is reached but still writes the current row before breaking.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class BoreBench {
 public:
  void start_log(const std::string& log_id) {
    profile_.open(log_id + ".bore", std::ios::trunc);
    if (!profile_.is_open()) throw std::runtime_error("cannot open bore profile " + log_id);
    tuning_.open(log_id + ".tuning", std::ios::trunc);
    profile_ << "# bore profile " << log_id << '\n';  // OK: opened above
  }

  void measure(int cm, double diameter_mm) {
    if (!profile_.is_open()) throw std::logic_error("profile closed");
    profile_ << cm << ' ' << diameter_mm << '\n';  // OK: checked above
  }

  void add_wax_mouthpiece(double inner_mm) {
    profile_ << "mouthpiece " << inner_mm << '\n';  // SAME: wax
  }

  void record_pitch(const std::string& drone, int toots) {
    if (tuning_.is_open()) tuning_ << drone << " toots=" << toots << '\n';  // OK: guarded
  }

  void seal_profile() {
    if (profile_.is_open()) profile_.close();
  }

  void close_all() {
    seal_profile();
    if (tuning_.is_open()) tuning_.close();
  }

 private:
  std::ofstream profile_;
  std::ofstream tuning_;
};

void finish_log(BoreBench& bench, double mouthpiece_mm) {
  bench.seal_profile();
  bench.record_pitch("D", 2);  // OK: tuning sheet is a different stream
  bench.add_wax_mouthpiece(mouthpiece_mm);  // BUG: use-after-close #wax
}

void finish_log_in_order(BoreBench& bench, double mouthpiece_mm) {
  bench.add_wax_mouthpiece(mouthpiece_mm);  // OK: profile still open
  bench.seal_profile();
  bench.record_pitch("E", 3);  // OK
  bench.close_all();  // OK: close_all() skips the already-sealed profile
}

struct BoreRow {
  std::string log_id;
  int cm;
  double mm;
};

// Writes at most `limit` bytes; the rest goes to the next night's export.
void export_capped(const std::vector<BoreRow>& rows, const std::string& path, long limit) {
  long written = 0;
  bool truncated = false;
  std::ofstream out(path);
  for (const BoreRow& r : rows) {
    if (written > limit) {
      out.close();
      truncated = true;
    }
    written += static_cast<long>(r.log_id.size()) + 16;
    out << r.log_id << ',' << r.cm << ',' << r.mm << '\n';  // BUG: use-after-close
    if (truncated) break;
  }
}

void export_batches_fixed(const std::vector<BoreRow>& rows, const std::string& prefix, long limit) {
  int chunk = 0;
  long written = 0;
  std::ofstream out(prefix + "-0.csv");
  for (const BoreRow& r : rows) {
    if (written > limit) {
      written = 0;
      out.close();
      out.open(prefix + "-" + std::to_string(++chunk) + ".csv");
    }
    written += static_cast<long>(r.log_id.size()) + 16;
    out << r.log_id << ',' << r.cm << ',' << r.mm << '\n';  // OK: reopened on the next chunk
  }
  out.close();
}
