// What a callee reopens, its callers see reopened: a helper that closes and
// then calls a method that reopens (`close(); openDay(d);`) leaves the object
// open for its own callers. A reopen made only where the callee's flag allows
// (`if (shutDown_) return; link_.reopen();`) does not reopen where the caller
// knows the flag is set. A reopen that reports failure and closes first
// (`bool connect() { close(); ... return false; }`) leaves the object closed
// where it returned false, whatever its state before.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class DayTrail {
public:
  explicit DayTrail(std::string dir) : dir_(std::move(dir)) {}
  void openDay(const std::string &day);
  void record(const std::string &what);
  void close();

private:
  std::string dir_;
  std::ofstream out_;
};

void DayTrail::openDay(const std::string &day) {
  if (out_.is_open())
    out_.close();
  out_.clear();
  out_.open(dir_ + "/audit-" + day + ".log", std::ios::app);
}

void DayTrail::record(const std::string &what) { out_ << what << '\n'; }

void DayTrail::close() {
  out_.flush();
  out_.close();
}

static void rollover(DayTrail &trail, const std::string &next) {
  trail.record("day closed");
  trail.close();
  trail.openDay(next);
}

void afterRollover() {
  DayTrail trail("/var/log");
  trail.openDay("2024-03-14");
  rollover(trail, "2024-03-15");
  trail.record("badge-1177 grant"); // OK: openDay() reopened it inside rollover()
  trail.close();
  // CHECK: reopen-in-callees.cpp:[[@LINE+1]]:9: warning: call to 'record' uses 'trail.out_' after it was closed
  trail.record("late");
}

class OriginPipe {
public:
  std::string fetch(const std::string &path) {
    if (!open_)
      throw std::runtime_error("origin pipe closed");
    return path;
  }
  void close() { open_ = false; }
  void reopen() { open_ = true; }
  bool isOpen() const { return open_; }

private:
  bool open_ = true;
};

class EdgeCacheNode {
public:
  std::string serve(const std::string &path) { return pipe_.fetch(path); }
  void pause() {
    if (pipe_.isOpen())
      pipe_.close();
  }
  void resume() {
    if (shutDown_)
      return;
    pipe_.reopen();
  }
  void shutdown() {
    if (shutDown_)
      return;
    if (pipe_.isOpen())
      pipe_.close();
    shutDown_ = true;
  }

private:
  OriginPipe pipe_;
  bool shutDown_ = false;
};

void pushConfig(EdgeCacheNode &node) {
  node.pause();
  node.resume();
  node.serve("/app.js"); // OK: not shut down, so resume() reopened
}

void decommissionNode(EdgeCacheNode &node) {
  node.shutdown();
  node.resume();
  // CHECK: reopen-in-callees.cpp:[[@LINE+1]]:8: warning: call to 'serve' uses 'node.pipe_' that may have been closed
  node.serve("/app.js");
}

class GatewayLink {
public:
  bool connect() {
    close();
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
      return false;
    fd_ = fd;
    return true;
  }
  void send(const char *m) {
    if (fd_ < 0)
      throw std::runtime_error("gateway link closed");
    ::send(fd_, m, 1, 0);
  }
  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
};

void retryConnect(GatewayLink &link) {
  int tries = 0;
  while (!link.connect() && ++tries < 3)
    ;
  // CHECK: reopen-in-callees.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'link' that may have been closed
  link.send("SUB");
}

void connectChecked(GatewayLink &link) {
  if (!link.connect())
    return;
  link.send("SUB"); // OK: connect() returned true
}
