// Paper mill reel logger: every reel that comes off the winder gets a CSV row
// (reel id, basis weight, moisture, sheet breaks). At shift change the log is
// closed and handed to the quality office; closeShiftLog() appends a summary,
// an alarm line when the break count was high, and the trailer that the
// office's import script looks for.
#include <cstdio>
#include <string>
#include <vector>

namespace mill {

constexpr int kBreakAlarm = 6;

struct ReelRecord {
  std::string reelId;
  double basisWeightGsm = 0.0;
  double moisturePct = 0.0;
  int sheetBreaks = 0;
};

struct ShiftTotals {
  int reels = 0;
  int breaks = 0;
  double weightSum = 0.0;
};

static void writeTrailer(FILE *out, const ShiftTotals &t) {
  std::fprintf(out, "#END reels=%d breaks=%d\n", t.reels, t.breaks); // SAME: trailer
}

static bool writeHeader(FILE *out, const char *shift) {
  if (std::fprintf(out, "#SHIFT %s\nreel,gsm,moisture,breaks\n", shift) < 0)
    return false;
  return std::fflush(out) == 0;
}

class ReelLog {
public:
  ~ReelLog() { close(); }

  bool open(const std::string &path, const char *shift);
  void record(const ReelRecord &r);
  bool rotate(const std::string &path, const char *shift);
  void close();

  const ShiftTotals &totals() const { return totals_; }
  FILE *release() {
    FILE *f = file_;
    file_ = nullptr;
    return f;
  }

private:
  FILE *file_ = nullptr;
  ShiftTotals totals_;
};

bool ReelLog::open(const std::string &path, const char *shift) {
  file_ = std::fopen(path.c_str(), "a");
  if (!file_)
    return false;
  if (!writeHeader(file_, shift)) { // OK
    std::fclose(file_);
    file_ = nullptr;
    return false;
  }
  totals_ = ShiftTotals{};
  return true;
}

void ReelLog::record(const ReelRecord &r) {
  if (!file_)
    return;
  std::fprintf(file_, "%s,%.1f,%.2f,%d\n", r.reelId.c_str(), r.basisWeightGsm, // OK
               r.moisturePct, r.sheetBreaks);
  totals_.reels += 1;
  totals_.breaks += r.sheetBreaks;
  totals_.weightSum += r.basisWeightGsm;
}

bool ReelLog::rotate(const std::string &path, const char *shift) {
  if (file_)
    std::fclose(file_);
  file_ = nullptr;
  return open(path, shift);
}

void ReelLog::close() {
  if (file_) {
    std::fclose(file_); // OK
    file_ = nullptr;
  }
}

int closeShiftLog(FILE *log, const ShiftTotals &totals, const char *shift) {
  double avg = totals.reels ? totals.weightSum / totals.reels : 0.0;
  std::fprintf(log, "#SUMMARY %s avg_gsm=%.1f\n", shift, avg);
  if (std::fclose(log) != 0) {
    std::perror("reel log");
    return -1;
  }
  if (totals.breaks > kBreakAlarm)
    std::fprintf(log, "#ALARM breaks=%d\n", totals.breaks); // BUG: use-after-close
  writeTrailer(log, totals); // BUG: use-after-close #trailer
  return 0;
}

int runShift(const std::vector<ReelRecord> &reels, const std::string &dir) {
  ReelLog log;
  if (!log.open(dir + "/reels-A.csv", "A"))
    return -1;
  for (size_t i = 0; i < reels.size(); ++i) {
    if (i == reels.size() / 2 && !log.rotate(dir + "/reels-A2.csv", "A2"))
      return -1;
    log.record(reels[i]); // OK
  }
  ShiftTotals totals = log.totals();
  FILE *handoff = log.release();
  return closeShiftLog(handoff, totals, "A");
}

} // namespace mill
