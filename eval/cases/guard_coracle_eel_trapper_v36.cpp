// Eel trapper working from a coracle: a TrapLog (a FILE* catch journal) and a
// BuoyLink (a descriptor to the river-bank base station) are written while
// the trapper checks the fyke nets. Either may be closed early (the base
// station hangs up, the journal is closed when the battery runs low). Every
// write below is guarded: a null FILE* after close, fd_ set to -1, isOpen(),
// good(), an atomic running flag, a `bool ok` from a helper, and early returns
// in helpers that report failure. The code is correct; nothing is written
// after a close.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class TrapLog {
 public:
  explicit TrapLog(const char* path) : f_(std::fopen(path, "a")) {}
  ~TrapLog() { close(); }
  TrapLog(const TrapLog&) = delete;
  TrapLog& operator=(const TrapLog&) = delete;
  bool good() const { return f_ != nullptr && !std::ferror(f_); }
  void line(const std::string& s) {
    if (!f_) throw std::runtime_error("trap log closed");
    std::fprintf(f_, "%s\n", s.c_str());
  }
  void close() {
    if (!f_) return;
    std::fclose(f_);
    f_ = nullptr;
  }

 private:
  std::FILE* f_;
};

class BuoyLink {
 public:
  explicit BuoyLink(int fd) : fd_(fd) {}
  bool isOpen() const { return fd_ >= 0; }
  bool send(const std::string& msg) {
    if (fd_ < 0) return false;
    return ::write(fd_, msg.data(), msg.size()) == static_cast<ssize_t>(msg.size());
  }
  void hangup() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

struct Net { int id; int eels; };

class Coracle {
 public:
  Coracle(const char* log_path, int buoy_fd) : log_(log_path), buoy_(buoy_fd) {}

  bool note(const std::string& s) {
    if (!log_.good()) return false;
    log_.line(s);  // OK: good() is false once closed
    return true;
  }

  void check_nets(const std::vector<Net>& nets) {
    running_ = true;
    for (const Net& n : nets) {
      if (!running_) break;
      bool ok = note("net " + std::to_string(n.id) + ": " + std::to_string(n.eels) + " eels");
      if (!ok) { running_ = false; continue; }
      if (buoy_.isOpen()) buoy_.send("net " + std::to_string(n.id) + " checked");  // OK: isOpen() guard
      if (n.eels == 0 && !low_battery()) log_.line("empty net, re-baiting");  // OK: low_battery() closes only when it returns true
    }
  }

  bool low_battery() {
    if (battery_pct_ > 15) return false;
    log_.close();
    buoy_.hangup();
    return true;
  }

  void radio_home(const std::string& msg) {
    if (!buoy_.send(msg)) note("radio failed: " + msg);  // OK: send() returns false when hung up
    if (!buoy_.isOpen()) return;
    buoy_.send("over");  // OK: early return when hung up
  }

  void land() {
    running_ = false;
    if (log_.good()) log_.line("landed");  // OK
    log_.close();
    log_.close();  // OK: close() is a no-op on a closed log
    buoy_.hangup();
    buoy_.hangup();  // OK: hangup() checks fd_ < 0
  }

  void set_battery(int pct) { battery_pct_ = pct; }

 private:
  TrapLog log_;
  BuoyLink buoy_;
  std::atomic<bool> running_{false};
  int battery_pct_ = 100;
};

void night_round(const std::vector<Net>& nets, int buoy_fd) {
  Coracle boat("/var/log/eels.log", buoy_fd);
  boat.check_nets(nets);
  boat.set_battery(10);
  boat.radio_home("battery low");
  if (boat.low_battery()) boat.radio_home("heading in");  // OK: radio_home guards the hung-up link
  boat.land();
}
