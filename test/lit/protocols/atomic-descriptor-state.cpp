// A class whose state is a descriptor held in a std::atomic<int>, swapped
// out by its close (`const int fd = fd_.exchange(-1); if (fd < 0) throw`)
// and tested through a local loaded from it (`const int fd = fd_.load();
// if (fd < 0) throw ...`): reading after close() fails, and so does a
// second close(); reading after open() again does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

class SumpLine {
public:
  void open() {
    if (fd_.load() >= 0)
      return;
    fd_.store(::open("/dev/ttyS4", O_RDWR));
  }
  void close() {
    const int fd = fd_.exchange(-1);
    if (fd < 0)
      throw std::logic_error("sump line already closed");
    ::close(fd);
  }
  int readLevel() {
    const int fd = fd_.load();
    if (fd < 0)
      throw std::runtime_error("sump line closed");
    char c = 0;
    return static_cast<int>(::read(fd, &c, 1));
  }

private:
  std::atomic<int> fd_{-1};
};

int lastLevel(SumpLine &line) {
  line.close();
  return line.readLevel();
  // CHECK: :[[@LINE-1]]:15: warning: call to 'readLevel' on 'line' after it was closed
}

void closeTwice(SumpLine &line) {
  line.close();
  line.close();
  // CHECK: :[[@LINE-1]]:8: warning: 'close' closes 'line' a second time
}

int reopened(SumpLine &line) {
  line.close();
  line.open();
  return line.readLevel();
}
