// Department store service equipment: the kitchen dumbwaiter, the escalator drive and the cog gate
// of the roof-garden funicular are each driven over a control line. The callers below rely on what
// each method really does: Dumbwaiter::resume() only lifts a pause, EscalatorDrive::stop() may be
// called any number of times and restart() reopens it, CogRailGate::release() only lifts the brake
// while CogRailGate::close() refuses to run twice.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

static void write_line(int fd, const char* text) {
  char buf[48];
  int n = std::snprintf(buf, sizeof buf, "%s\n", text);
  if (::write(fd, buf, static_cast<size_t>(n)) != n) throw std::runtime_error("control line: write failed");
}

class Dumbwaiter {
 public:
  explicit Dumbwaiter(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("dumbwaiter: cannot open " + dev);
  }
  void send_to(int floor) {
    if (shut_down_) throw std::runtime_error("dumbwaiter shut down");
    if (paused_) throw std::runtime_error("dumbwaiter paused");
    write_line(fd_, floor == 0 ? "GO KITCHEN" : "GO SERVERY");
  }
  void pause() {
    if (shut_down_) return;
    paused_ = true;
  }
  void resume() {
    if (shut_down_) return;
    paused_ = false;
  }
  void shutdown() {
    if (shut_down_) return;
    shut_down_ = true;
    ::close(fd_);
  }

 private:
  int fd_;
  bool paused_ = false;
  bool shut_down_ = false;
};

class EscalatorDrive {
 public:
  explicit EscalatorDrive(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("escalator: cannot open " + dev);
  }
  void step(int speed) {
    if (stopped_) throw std::runtime_error("escalator drive stopped");
    write_line(fd_, speed > 1 ? "SPEED FAST" : "SPEED SLOW");
  }
  void stop() {
    if (stopped_.exchange(true)) return;
    ::close(fd_);
  }
  void restart(const std::string& dev) {
    if (!stopped_) return;
    fd_ = ::open(dev.c_str(), O_WRONLY);
    if (fd_ < 0) throw std::runtime_error("escalator: cannot reopen " + dev);
    stopped_ = false;
  }

 private:
  int fd_;
  std::atomic<bool> stopped_{false};
};

class CogRailGate {
 public:
  explicit CogRailGate(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("cog gate: cannot open " + dev);
  }
  void release() {
    if (fd_ < 0) throw std::runtime_error("cog gate closed");
    write_line(fd_, "BRAKE OFF");
  }
  void advance(int teeth) {
    if (fd_ < 0) throw std::runtime_error("cog gate closed");
    write_line(fd_, teeth > 0 ? "ADVANCE" : "HOLD");
  }
  void close() {
    if (fd_ < 0) throw std::logic_error("cog gate already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

void lunch_rush(Dumbwaiter& car) {
  car.pause();
  car.resume();
  car.send_to(1);  // OK: resume lifted the pause
}

void kitchen_closed(Dumbwaiter& car) {
  car.shutdown();
  car.resume();  // OK: resume() returns early on a shut-down car
  car.send_to(0);  // BUG: use-after-close
}

void kitchen_closed_twice(Dumbwaiter& car) {
  car.shutdown();
  car.shutdown();  // OK: returns early when already shut down
}

void morning_start(EscalatorDrive& drive, const std::string& dev) {
  drive.stop();
  drive.restart(dev);  // OK: restart() is meant to follow stop()
  drive.step(1);  // OK: restart reopened the control line
}

void evening_stop(EscalatorDrive& drive, CogRailGate& gate, bool fire_alarm) {
  if (fire_alarm) {
    drive.stop();
    gate.close();
  }
  drive.stop();  // OK: stop() is idempotent
  gate.close();  // BUG: double-close
}

void brake_test(CogRailGate& gate) {
  gate.release();
  gate.advance(3);  // OK: release only lifted the brake
  gate.close();
  gate.release();  // BUG: use-after-close
}
