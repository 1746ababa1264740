// Shield guidance of a tunnel boring machine. Two total-station links (fds)
// run as primary/standby and are swapped on failover; the invert survey is
// double-buffered across two FILE* logs that rotate per ring; the shift's
// SurveyLog is replaced by move-assignment from a freshly opened log, and the
// tracking output can be re-pointed with dup().
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class SurveyLog {
public:
  SurveyLog() = default;
  explicit SurveyLog(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open survey log " + path);
  }
  SurveyLog(SurveyLog &&o) noexcept : fp_(std::exchange(o.fp_, nullptr)) {}
  SurveyLog &operator=(SurveyLog &&o) noexcept {
    if (this != &o) {
      if (fp_)
        std::fclose(fp_);
      fp_ = std::exchange(o.fp_, nullptr);
    }
    return *this;
  }
  ~SurveyLog() {
    if (fp_)
      std::fclose(fp_);
  }
  void append(const std::string &line) {
    if (!fp_)
      throw std::runtime_error("survey log closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    if (fp_)
      std::fclose(std::exchange(fp_, nullptr));
  }

private:
  FILE *fp_ = nullptr;
};

class ShieldGuidance {
public:
  ShieldGuidance(int primary, int standby, FILE *invertA, FILE *invertB)
      : primary_(primary), standby_(standby), active_(invertA), spare_(invertB) {}

  void failover() {
    ::close(primary_);
    std::swap(primary_, standby_);
    standby_ = -1;
    ::write(primary_, "TRACK\n", 6); // OK
  }
  void retarget(int erectorFd) {
    ::close(primary_);
    primary_ = ::dup(erectorFd);
    ::write(primary_, "RETARGET\n", 9); // OK
  }

  void rotateInvertLog(const char *nextPath) {
    std::swap(active_, spare_);
    std::fclose(active_);
    spare_ = std::fopen(nextPath, "a");
  }
  void logInvert(int ring, double deviationMm) {
    std::fprintf(active_, "ring %d invert %+.1f mm\n", ring, deviationMm); // SAME: invertlog
  }

  void startShift(const std::string &path) {
    shiftLog_.close();
    shiftLog_ = SurveyLog(path);
    shiftLog_.append("shift start"); // OK
  }
  void endRing(int ring, bool shiftChange, const std::string &nextShiftPath) {
    shiftLog_.close();
    if (shiftChange)
      shiftLog_ = SurveyLog(nextShiftPath);
    shiftLog_.append("ring " + std::to_string(ring) + " built"); // BUG: use-after-close
  }

private:
  int primary_;
  int standby_;
  FILE *active_;
  FILE *spare_;
  SurveyLog shiftLog_;
};

void buildRing(ShieldGuidance &guidance, int ring, double invertMm) {
  guidance.logInvert(ring, invertMm);
  guidance.rotateInvertLog("/var/tbm/invert_next.log");
  guidance.logInvert(ring, invertMm); // BUG: use-after-close #invertlog
}

int main() {
  ShieldGuidance guidance(::open("/dev/ts0", O_RDWR), ::open("/dev/ts1", O_RDWR),
                          std::fopen("/var/tbm/invert_a.log", "a"),
                          std::fopen("/var/tbm/invert_b.log", "a"));
  guidance.startShift("/var/tbm/shift_day.log");
  guidance.failover();
  guidance.retarget(::open("/dev/erector", O_RDWR));
  buildRing(guidance, 1207, -3.5);
  guidance.endRing(1207, false, "");
  return 0;
}
