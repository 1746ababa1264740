// A method that sets the closed state only on its way to opening again
// (`if (state_ == Faulted) { ::close(fd_); state_ = Closed; }` and then
// `state_ = Open;` past an early error return) is a reopen, not a close:
// a send after `open()` succeeded is fine, one after `close()` is not. A
// handle set to none on the way to a new one (a rotation) still closes
// the one it held for the copies taken of it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

enum class FeederState { Closed, Open, Faulted };

class FeederGateway {
public:
  bool open() {
    if (state_.load() == FeederState::Open)
      return true;
    if (state_.load() == FeederState::Faulted) {
      ::close(fd_);
      fd_ = -1;
      state_.store(FeederState::Closed);
    }
    const int fd = ::open("/dev/ttyS3", O_RDWR);
    if (fd < 0)
      return false;
    fd_ = fd;
    state_.store(FeederState::Open);
    return true;
  }
  void close() {
    if (state_.load() == FeederState::Closed)
      throw std::logic_error("feeder gateway already closed");
    ::close(fd_);
    fd_ = -1;
    state_.store(FeederState::Closed);
  }
  void send(const std::string &frame) {
    if (state_.load() != FeederState::Open)
      throw std::runtime_error("feeder gateway closed");
    if (::write(fd_, frame.data(), frame.size()) < 0)
      state_.store(FeederState::Faulted);
  }
  bool isOpen() const { return state_.load() == FeederState::Open; }

private:
  int fd_ = -1;
  std::atomic<FeederState> state_{FeederState::Closed};
};

class SegmentLog {
public:
  void rotate() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
    ++segment_;
    fp_ = std::fopen(("seg-" + std::to_string(segment_)).c_str(), "a");
  }
  FILE *stream() const { return fp_; }

private:
  FILE *fp_ = nullptr;
  int segment_ = 0;
};

void loopback(FeederGateway &gw) {
  if (!gw.isOpen() && !gw.open())
    return;
  gw.send("LOOPBACK");
}

void shutdownFeeder(FeederGateway &gw) {
  gw.close();
  gw.send("BYE");
  // CHECK: :[[@LINE-1]]:6: warning: call to 'send' on 'gw' after it was closed
}

void snapshot(SegmentLog &log) {
  FILE *live = log.stream();
  if (!live)
    return;
  log.rotate();
  std::fputs("continued\n", live);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'fputs' on 'live' that may have been closed
}
