// Kiln controller support for a stained-glass studio: loads a firing schedule
// (ramp segments) from a text file and keeps a firing log that is rotated per
// firing. Negative case: every early return closes the schedule file before
// leaving, the log pointer is set to null when closed and re-checked before
// each write, a failed reopen during rotation leaves the logger disabled, and
// the destructor closes only a still-open log.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

struct RampSegment {
  int ratePerHour = 0;
  int targetC = 0;
  int holdMinutes = 0;
};

bool loadSchedule(const std::string &path, std::vector<RampSegment> &out,
                  std::string &error) {
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    error = "cannot open " + path;
    return false;
  }
  char line[256];
  int lineNo = 0;
  while (std::fgets(line, sizeof line, f)) {
    ++lineNo;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    RampSegment seg;
    if (std::sscanf(line, "%d %d %d", &seg.ratePerHour, &seg.targetC,
                    &seg.holdMinutes) != 3) {
      error = path + ":" + std::to_string(lineNo) + ": malformed segment";
      std::fclose(f);
      return false;
    }
    if (seg.targetC > 900) {
      error = path + ":" + std::to_string(lineNo) + ": above fusing limit";
      std::fclose(f); // OK
      return false;
    }
    out.push_back(seg);
  }
  bool readError = std::ferror(f) != 0;
  std::fclose(f); // OK
  if (readError)
    error = "read error in " + path;
  return !readError && !out.empty();
}

class FiringLog {
public:
  explicit FiringLog(std::string dir) : dir_(std::move(dir)) {}
  ~FiringLog();
  FiringLog(const FiringLog &) = delete;
  FiringLog &operator=(const FiringLog &) = delete;

  bool startFiring(int firingNo);
  void sample(int minute, int tempC);
  void endFiring(const char *outcome);

private:
  std::string dir_;
  FILE *log_ = nullptr;
};

FiringLog::~FiringLog() {
  if (log_)
    std::fclose(log_); // OK
}

bool FiringLog::startFiring(int firingNo) {
  if (log_) {
    std::fclose(log_);
    log_ = nullptr;
  }
  std::string path = dir_ + "/firing-" + std::to_string(firingNo) + ".log";
  log_ = std::fopen(path.c_str(), "w");
  if (!log_) {
    std::fprintf(stderr, "kiln: cannot open %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return false;
  }
  std::fprintf(log_, "firing %d\n", firingNo); // OK
  return true;
}

void FiringLog::sample(int minute, int tempC) {
  if (!log_)
    return;
  std::fprintf(log_, "%d %d\n", minute, tempC); // OK
}

void FiringLog::endFiring(const char *outcome) {
  if (!log_)
    return;
  std::fprintf(log_, "end %s\n", outcome);
  std::fflush(log_);
  std::fclose(log_);
  log_ = nullptr;
}

void runFiring(FiringLog &log, const std::vector<RampSegment> &schedule,
               int firingNo) {
  if (!log.startFiring(firingNo))
    return;
  int minute = 0;
  int temp = 20;
  for (const RampSegment &seg : schedule) {
    while (temp < seg.targetC) {
      temp += seg.ratePerHour / 60 > 0 ? seg.ratePerHour / 60 : 1;
      log.sample(++minute, temp);
    }
    minute += seg.holdMinutes;
    log.sample(minute, temp);
  }
  log.endFiring("complete");
  log.sample(minute + 1, temp); // OK
}
