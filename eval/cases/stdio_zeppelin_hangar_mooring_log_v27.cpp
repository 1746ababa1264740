// Mooring log for an airship hangar. Every docking and undocking at a mast is
// appended to a per-shift log file; rotate() moves to the next shift's file,
// closeShift() ends the shift, and exportTension() writes the mast tension
// samples of a shift as CSV for the maintenance office.
#include <cstdio>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

struct TensionSample {
  std::time_t at;
  int mast;
  double kilonewtons;
};

class MooringLog {
public:
  explicit MooringLog(std::string dir) : dir_(std::move(dir)) {}
  ~MooringLog() {
    if (log_)
      std::fclose(log_);
  }

  bool openShift(int shift);
  void recordDocking(const std::string &ship, int mast);
  void recordUndocking(const std::string &ship, int mast, double peakKn);
  bool rotate(int nextShift);
  void closeShift();
  int events() const { return events_; }

private:
  std::string pathFor(int shift) const;

  std::string dir_;
  FILE *log_ = nullptr;
  int shift_ = 0;
  int events_ = 0;
};

std::string MooringLog::pathFor(int shift) const {
  return dir_ + "/mooring-shift-" + std::to_string(shift) + ".log";
}

bool MooringLog::openShift(int shift) {
  log_ = std::fopen(pathFor(shift).c_str(), "a");
  if (!log_)
    return false;
  shift_ = shift;
  events_ = 0;
  std::fprintf(log_, "# shift %d opened\n", shift_);
  return true;
}

void MooringLog::recordDocking(const std::string &ship, int mast) {
  if (!log_)
    return;
  std::fprintf(log_, "%ld DOCK %s mast=%d\n", static_cast<long>(std::time(nullptr)),
               ship.c_str(), mast);
  ++events_;
}

void MooringLog::recordUndocking(const std::string &ship, int mast, double peakKn) {
  if (!log_)
    return;
  std::fprintf(log_, "%ld UNDOCK %s mast=%d peak=%.1fkN\n",
               static_cast<long>(std::time(nullptr)), ship.c_str(), mast, peakKn);
  ++events_;
  if (peakKn > 180.0)
    std::fflush(log_);
}

bool MooringLog::rotate(int nextShift) {
  if (log_) {
    std::fprintf(log_, "# rotating to shift %d\n", nextShift);
    std::fclose(log_);
  }
  log_ = std::fopen(pathFor(nextShift).c_str(), "a");
  if (!log_)
    return false;
  shift_ = nextShift;
  events_ = 0;
  std::fprintf(log_, "# shift %d opened by rotation\n", shift_); // OK
  return true;
}

void MooringLog::closeShift() {
  if (!log_)
    return;
  std::fflush(log_);
  std::fclose(log_);
  std::fprintf(log_, "# shift %d closed after %d events\n", shift_, events_); // BUG: use-after-close
  log_ = nullptr;
}

void writeFooter(FILE *out, std::size_t rows, double maxKn) {
  std::fprintf(out, "# rows=%zu max=%.2f\n", rows, maxKn); // SAME: footer
}

bool exportTension(const std::vector<TensionSample> &samples, const char *path) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return false;
  if (std::fputs("time,mast,kN\n", out) == EOF) {
    std::fclose(out);
    return false;
  }
  std::size_t rows = 0;
  double maxKn = 0.0;
  for (const TensionSample &s : samples) {
    if (s.kilonewtons < 0.0)
      continue; // sensor dropout
    std::fprintf(out, "%ld,%d,%.2f\n", static_cast<long>(s.at), s.mast, s.kilonewtons); // OK
    ++rows;
    if (s.kilonewtons > maxKn)
      maxKn = s.kilonewtons;
  }
  std::fclose(out);
  writeFooter(out, rows, maxKn); // BUG: use-after-close #footer
  return true;
}

int runShiftChange(MooringLog &log, const std::vector<TensionSample> &samples) {
  if (!log.openShift(1))
    return 1;
  log.recordDocking("LZ-131", 2);
  log.recordUndocking("LZ-131", 2, 142.5);
  if (!log.rotate(2))
    return 2;
  log.recordDocking("NT-7", 1);
  log.closeShift();
  log.closeShift(); // OK
  return exportTension(samples, "/var/spool/hangar/tension-shift2.csv") ? 0 : 3;
}
