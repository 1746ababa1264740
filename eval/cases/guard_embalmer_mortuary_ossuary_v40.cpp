// Mortuary cold-room monitoring: a day log records temperatures, a door sensor link reports door
// openings, and an alarm relay is driven through a raw descriptor. Every use below is guarded in
// one of the ways the team writes it (good() checks, a Status from the sealing helper, an atomic
// running flag, fd = -1 after close, optional has_value, early returns after a finish on the
// error path), so nothing is written to a log, link or descriptor after it was closed.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

class ColdRoomLog {
 public:
  explicit ColdRoomLog(const std::string& path) : f_(std::fopen(path.c_str(), "a")) {}
  ~ColdRoomLog() {
    if (f_) std::fclose(f_);
  }
  ColdRoomLog(const ColdRoomLog&) = delete;
  ColdRoomLog& operator=(const ColdRoomLog&) = delete;
  bool good() const { return f_ != nullptr; }
  void append(const std::string& line) {
    if (!f_) throw std::runtime_error("cold room log finished");
    std::fprintf(f_, "%s\n", line.c_str());
  }
  void finish() {
    if (!f_) throw std::runtime_error("cold room log already finished");
    std::fclose(f_);
    f_ = nullptr;
  }

 private:
  std::FILE* f_;
};

class DoorSensorLink {
 public:
  explicit DoorSensorLink(const std::string& dev) : fd_(::open(dev.c_str(), O_RDONLY)) {}
  ~DoorSensorLink() { disconnect(); }
  bool isOpen() const { return fd_ >= 0; }
  int poll() {
    if (fd_ < 0) throw std::runtime_error("door sensor disconnected");
    char c = 0;
    ssize_t n;
    do {
      n = ::read(fd_, &c, 1);
    } while (n < 0 && errno == EINTR);
    return n == 1 ? c : -1;
  }
  void disconnect() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

struct Status {
  bool ok;
  std::string why;
};

Status seal_day(ColdRoomLog& log) {
  if (!log.good()) return {false, "log already sealed"};
  log.append("-- day sealed --");  // OK: checked good() first
  log.finish();
  return {true, ""};
}

void record(ColdRoomLog& log, double celsius) {
  if (!log.good()) return;
  log.append("temp " + std::to_string(celsius));  // OK: good() checked
}

void end_of_day(ColdRoomLog& log, double last_reading) {
  record(log, last_reading);
  Status st = seal_day(log);
  if (!st.ok) std::fprintf(stderr, "seal failed: %s\n", st.why.c_str());
  record(log, last_reading);  // OK: record() returns early on a sealed log
}

void night_watch(std::optional<ColdRoomLog>& night, const std::string& path, double celsius) {
  if (!night) night.emplace(path);
  if (night && night->good()) night->append("night " + std::to_string(celsius));  // OK: has_value and good
}

class DoorMonitor {
 public:
  explicit DoorMonitor(const std::string& dev) : door_(dev) {}
  void loop(ColdRoomLog& log) {
    while (running_) {
      if (!door_.isOpen()) break;
      int ev = door_.poll();  // OK: isOpen() checked in this iteration
      if (ev < 0) {
        door_.disconnect();
        continue;  // the next iteration breaks on !isOpen()
      }
      if (log.good()) log.append(ev == 'O' ? "door opened" : "door closed");  // OK
    }
  }
  void stop() { running_ = false; }

 private:
  DoorSensorLink door_;
  std::atomic<bool> running_{true};
};

void pulse_alarm(const char* relay_dev, bool power_fail, ColdRoomLog& log) {
  int fd = ::open(relay_dev, O_WRONLY);
  if (fd < 0) return;
  if (power_fail) {
    ::close(fd);
    fd = -1;
    if (!log.good()) return;
    log.append("relay dropped: power failure");
    log.finish();
    return;
  }
  if (fd >= 0) ::write(fd, "1", 1);  // OK: fd reset to -1 after the close
  if (log.good()) log.append("relay pulsed");  // OK: the finish path returned
  if (fd != -1) ::close(fd);  // OK: only close of this descriptor on this path
}
