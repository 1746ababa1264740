// Lock rail watch for a counterweight fly system. The rope-lock brake
// controller (a serial descriptor) locks every set and closes exactly once
// through std::call_once; the deadhang sensor log is a FILE* closed under its
// mutex with a check-and-set `closed_` flag, so the watchdog thread and the
// operator can both close it; the belay audit log is a plain FILE* wrapper
// whose close() simply fcloses. The watchdog locks everything out when a set
// runs out of weight; the operator can also lock out with the e-stop.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

class RopeLockBrakes {
public:
  explicit RopeLockBrakes(const char *dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("rope-lock controller unreachable");
  }
  ~RopeLockBrakes() { close(); }
  void close() {
    std::call_once(closed_, [this] {
      ::write(fd_, "LOCK ALL\r", 9);
      ::close(fd_);
    });
  }

private:
  int fd_;
  std::once_flag closed_;
};

class DeadhangLog {
public:
  explicit DeadhangLog(const char *path) : log_(std::fopen(path, "a")), closed_(log_ == nullptr) {}
  ~DeadhangLog() { close(); }
  void note(int lineSet, int slackMm) {
    std::lock_guard<std::mutex> lock(m_);
    if (closed_)
      return;
    std::fprintf(log_, "set %d slack %d mm\n", lineSet, slackMm); // OK
  }
  void close() {
    std::lock_guard<std::mutex> lock(m_);
    if (closed_)
      return;
    closed_ = true;
    std::fclose(log_);
  }

private:
  std::mutex m_;
  FILE *log_;
  bool closed_;
};

class BelayAuditLog {
public:
  explicit BelayAuditLog(const char *path) : f_(std::fopen(path, "a")) {
    if (!f_)
      throw std::runtime_error("belay audit log unavailable");
  }
  void entry(const std::string &what) {
    std::fprintf(f_, "%s\n", what.c_str()); // SAME: audit-entry
  }
  void close() { std::fclose(f_); } // SAME: audit-close

private:
  FILE *f_;
};

class LockRailWatch {
public:
  LockRailWatch()
      : brakes_("/dev/ttyROPELOCK"), deadhang_("/var/log/fly/deadhang.log"),
        audit_("/var/log/fly/belay-audit.log") {}

  void startWatchdog() {
    watchdog_ = std::thread([this] {
      while (!stop_) {
        int slack = readSlackMm();
        deadhang_.note(14, slack);
        if (slack > kMaxSlackMm) {
          brakes_.close(); // OK
          deadhang_.close(); // OK
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    });
  }

  void emergencyLockout() {
    brakes_.close();
    deadhang_.close();
    audit_.entry("EMERGENCY LOCKOUT");
    audit_.close();
  }

  void curtainDown(bool estopPressed) {
    if (estopPressed)
      emergencyLockout();
    stop_ = true;
    if (watchdog_.joinable())
      watchdog_.join();
    audit_.entry(std::string("curtain down, e-stop ") + (estopPressed ? "pressed" : "clear")); // BUG: use-after-close #audit-entry
    brakes_.close(); // OK
    deadhang_.close(); // OK
    audit_.close(); // BUG: double-close #audit-close
  }

private:
  static constexpr int kMaxSlackMm = 150;
  int readSlackMm() { return samples_++ % 7 == 6 ? 220 : 20; }

  RopeLockBrakes brakes_;
  DeadhangLog deadhang_;
  BelayAuditLog audit_;
  std::atomic<bool> stop_{false};
  std::atomic<int> samples_{0};
  std::thread watchdog_;
};

int main(int argc, char **) {
  LockRailWatch watch;
  watch.startWatchdog();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  watch.curtainDown(argc > 1);
}
