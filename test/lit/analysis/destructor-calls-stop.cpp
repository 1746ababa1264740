// A destructor that calls stop(), whose close of the descriptor runs only
// while `fd_ >= 0`: it closes wherever the member was valid on entry, so
// after an explicit stop() that left fd_ as it was, the destructor closes
// it again. A stop() that resets fd_ leaves nothing to close twice.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>

class Watcher {
public:
  ~Watcher() { stop(); }
  bool start(int fd) {
    if (fd < 0)
      return false;
    fd_ = fd;
    return true;
  }
  void stop() {
    if (fd_ >= 0) {
      // CHECK: destructor-calls-stop.cpp:[[@LINE+1]]:7: warning: 'close' closes 'w.fd_' that may already have been closed [errlint-double-close]
      ::close(fd_);
    }
  }

private:
  int fd_ = -1;
};

class ResettingWatcher {
public:
  ~ResettingWatcher() { stop(); }
  bool start(int fd) {
    if (fd < 0)
      return false;
    fd_ = fd;
    return true;
  }
  void stop() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_ = -1;
};

int twice(int fd) {
  Watcher w;
  if (!w.start(fd))
    return 1;
  // CHECK: destructor-calls-stop.cpp:[[@LINE+1]]:5: note: 'w.fd_' was first closed by the call to 'stop' here
  w.stop();
  // CHECK: destructor-calls-stop.cpp:[[@LINE+1]]:10: note: it closes it again here, where 'w' is destroyed
  return 0;
}

int once(int fd) {
  ResettingWatcher w;
  if (!w.start(fd))
    return 1;
  w.stop();
  return 0;
}
