// Recycling plant baler line: every finished bale (material grade, weight,
// contamination score from the optical sorter) is appended to the shift's
// weighbridge log; contaminated bales are logged, the log is handed to the QA
// station at once, and the shift ledger is exported at shift change.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
  bool active_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct Bale {
  int id = 0;
  std::string grade; // "PET-clear", "HDPE-natural", "OCC", ...
  double kg = 0.0;
  double contamination = 0.0;
};

void notifyQa(const std::string &path, int baleId) {
  std::printf("QA: inspect bale %d, log %s\n", baleId, path.c_str());
}

bool appendWeighbridgeLog(const std::string &path, const Bale &bale) {
  FILE *log = std::fopen(path.c_str(), "a");
  if (!log)
    return false;
  auto closeLog = makeScopeExit([&] { std::fclose(log); }); // BUG: double-close

  std::fprintf(log, "%d %-14s %7.1f kg c=%.3f\n", bale.id, bale.grade.c_str(),
               bale.kg, bale.contamination);
  if (bale.contamination > 0.05) {
    std::fprintf(log, "REJECT %d\n", bale.id);
    std::fclose(log);
    notifyQa(path, bale.id);
    return false;
  }
  return std::fflush(log) == 0;
}

bool exportShiftLedger(const std::string &path, const std::vector<Bale> &bales) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return false;
  double total = 0.0;
  for (const Bale &b : bales) {
    total += b.kg;
    if (std::fprintf(out.get(), "%d,%s,%.1f\n", b.id, b.grade.c_str(), b.kg) < 0)
      return false;
  }
  std::fprintf(out.get(), "total,,%.1f\n", total);
  FILE *raw = out.release();
  return std::fclose(raw) == 0; // OK
}

bool writeSorterCalibration(const std::string &path, double threshold) {
  FILE *cal = std::fopen(path.c_str(), "w");
  if (!cal)
    return false;
  auto guard = makeScopeExit([cal] { std::fclose(cal); });
  std::fprintf(cal, "nir_threshold=%.3f\n", threshold);
  if (std::fflush(cal) != 0)
    return false;
  guard.dismiss();
  return std::fclose(cal) == 0; // OK
}

bool startNewWeighbridgeLog(const std::string &path, const std::string &shiftId) {
  FilePtr log(std::fopen(path.c_str(), "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "# shift %s ends\n", shiftId.c_str());
  const std::string archive = path + "." + shiftId;
  log.reset();
  if (std::rename(path.c_str(), archive.c_str()) != 0)
    return false;
  log.reset(std::fopen(path.c_str(), "w"));
  if (!log)
    return false;
  std::fprintf(log.get(), "# shift after %s\n", shiftId.c_str()); // OK
  return true;
}

class ShiftRecorder {
public:
  explicit ShiftRecorder(std::string dir) : dir_(std::move(dir)) {}

  void onBale(const Bale &b) {
    bales_.push_back(b);
    appendWeighbridgeLog(dir_ + "/weighbridge.log", b);
  }

  bool shiftChange(const std::string &shiftId) {
    const bool ok = exportShiftLedger(dir_ + "/ledger-" + shiftId + ".csv", bales_);
    if (ok)
      bales_.clear();
    return ok && startNewWeighbridgeLog(dir_ + "/weighbridge.log", shiftId);
  }

private:
  std::string dir_;
  std::vector<Bale> bales_;
};
