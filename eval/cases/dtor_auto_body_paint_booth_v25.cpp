// Auto body shop paint booth: the booth controller talks to the booth PLC
// over a serial line (fans, heaters, the booth-safe state) and records each
// cure cycle (flash-off, bake, cool-down stages with temperatures) in a log
// that is handed to the job archiver when the cycle ends. The log is owned by
// a movable CycleLog; the controller puts the booth in its safe state when it
// is destroyed or a cycle is aborted.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

namespace booth {

struct Stage {
  const char *name;
  int minutes;
  double targetC;
};

struct PaintJob {
  std::string id;
  std::string vin;
  std::vector<Stage> stages;
};

class CycleLog {
public:
  explicit CycleLog(FILE *f) : f_(f) {}
  CycleLog(CycleLog &&o) noexcept : f_(std::exchange(o.f_, nullptr)) {}
  CycleLog(const CycleLog &) = delete;
  CycleLog &operator=(const CycleLog &) = delete;
  ~CycleLog() {
    if (f_)
      std::fclose(f_);
  }
  FILE *get() const { return f_; }

private:
  FILE *f_;
};

static void archiveCycle(CycleLog log, const PaintJob &job) {
  std::fprintf(log.get(), "END job=%s vin=%s\n", job.id.c_str(), job.vin.c_str());
  std::fflush(log.get());
}

class BoothController {
public:
  explicit BoothController(std::string device) : device_(std::move(device)) { reconnect(); }
  ~BoothController();

  bool reconnect();
  bool setStage(const Stage &s);
  void abortCycle(const char *why);

private:
  void sendSafeState();

  std::string device_;
  int plcFd_ = -1;
};

bool BoothController::reconnect() {
  if (plcFd_ >= 0)
    ::close(plcFd_);
  plcFd_ = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  return plcFd_ >= 0 && ::write(plcFd_, "HELLO\r", 6) == 6; // OK
}

bool BoothController::setStage(const Stage &s) {
  if (plcFd_ < 0)
    return false;
  char cmd[64];
  int n = std::snprintf(cmd, sizeof cmd, "STAGE %s %d %.0f\r", s.name, s.minutes, s.targetC);
  return ::write(plcFd_, cmd, static_cast<size_t>(n)) == n; // OK
}

void BoothController::sendSafeState() {
  static const char kSafe[] = "FANS PURGE;HEAT OFF;DOOR UNLOCK\r";
  if (plcFd_ < 0)
    return;
  ::write(plcFd_, kSafe, sizeof kSafe - 1); // SAME: safe
}

void BoothController::abortCycle(const char *why) {
  std::fprintf(stderr, "booth %s: abort: %s\n", device_.c_str(), why);
  sendSafeState(); // OK
}

BoothController::~BoothController() {
  if (plcFd_ >= 0)
    ::close(plcFd_);
  sendSafeState(); // BUG: use-after-close #safe
}

int runCureCycle(BoothController &ctl, const std::string &logPath, const PaintJob &job) {
  FILE *raw = std::fopen(logPath.c_str(), "a");
  if (!raw)
    return -1;
  CycleLog log(raw);
  std::fprintf(raw, "START job=%s vin=%s\n", job.id.c_str(), job.vin.c_str());
  for (const Stage &s : job.stages) {
    if (!ctl.setStage(s)) {
      ctl.abortCycle("PLC did not accept stage");
      std::fprintf(raw, "ABORT stage=%s\n", s.name); // OK
      return -1;
    }
    std::fprintf(raw, "stage=%s min=%d target=%.0f\n", s.name, s.minutes, s.targetC);
  }
  archiveCycle(std::move(log), job);
  std::fprintf(raw, "released to detail bay\n"); // BUG: use-after-close
  return 0;
}

} // namespace booth
