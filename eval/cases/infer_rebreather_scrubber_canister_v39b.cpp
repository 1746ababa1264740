// A closed-circuit rebreather tracks how many minutes its CO2 scrubber
// canister has absorbed. ScrubberLog writes canister minutes to the dive
// computer: suspend()/resume() bracket a surface interval, and resume()
// returns early once the log was shut down, so it does not reopen anything.
// CanisterSeal::close() throws when called twice, O2Cell::close() is
// idempotent. Bugs: after_dive() shuts the log, calls resume() as if it
// reopened it and records again; repack() closes the seal twice.
#include <stdexcept>
#include <string>
#include <unistd.h>

class ScrubberLog {
 public:
  explicit ScrubberLog(int fd) : fd_(fd) {}
  void suspend() { paused_ = true; }
  void resume() {
    if (shut_) return;
    paused_ = false;
  }
  void shutdown() {
    if (shut_) return;
    shut_ = true;
    ::close(fd_);
  }
  void record(int minutes) {
    if (shut_) throw std::runtime_error("scrubber log closed");
    if (paused_) return;
    std::string line = "CO2 " + std::to_string(minutes) + "\n";
    ::write(fd_, line.data(), line.size());
  }

 private:
  int fd_;
  bool paused_ = false;
  bool shut_ = false;
};

class CanisterSeal {
 public:
  explicit CanisterSeal(int fd) : fd_(fd) {}
  void close() {
    if (closed_) throw std::logic_error("canister seal already closed");
    ::close(fd_);
    closed_ = true;
  }

 private:
  int fd_;
  bool closed_ = false;
};

class O2Cell {
 public:
  explicit O2Cell(int fd) : fd_(fd) {}
  double ppo2() {
    if (fd_ < 0) throw std::runtime_error("o2 cell closed");
    char buf[8] = {0};
    ::read(fd_, buf, sizeof buf - 1);
    return std::stod(buf);
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

void surface_interval(ScrubberLog& log, int minutes_so_far) {
  log.suspend();
  log.record(minutes_so_far);  // OK: suspended, not closed (record() returns early)
  log.resume();
  log.record(minutes_so_far + 1);  // OK: resumed after a suspend
}

void after_dive(ScrubberLog& log, int total_minutes) {
  log.record(total_minutes);
  log.shutdown();
  log.resume();
  log.record(total_minutes + 1);  // BUG: use-after-close
}

void log_off(ScrubberLog& log) {
  log.shutdown();
  log.shutdown();  // OK: shutdown() returns when already shut
}

void repack(CanisterSeal& seal, O2Cell& cell) {
  cell.ppo2();  // OK: cell still open
  cell.close();
  cell.close();  // OK: O2Cell::close() is idempotent
  seal.close();
  seal.close();  // BUG: double-close
}

double predive_check(CanisterSeal& seal, O2Cell& cell) {
  double p = cell.ppo2();  // OK
  seal.close();
  p += cell.ppo2();  // OK: only the seal was closed
  cell.close();
  return p;
}
