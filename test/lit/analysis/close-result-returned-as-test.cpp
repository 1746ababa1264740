// A close that reports failure through its result (`-1` while commands are
// still queued, which leaves the link open) and a helper that returns the
// test of that result (`return v.close() == 0;`): the helper closes only
// where it returns true. Retrying after a false result is no double close;
// closing again after a true one is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <deque>
#include <stdexcept>
#include <string>
#include <unistd.h>

class ValveLink {
public:
  void command(const std::string &c) {
    if (fd_ < 0)
      throw std::runtime_error("valve link closed");
    queue_.push_back(c);
  }
  void drain() { queue_.clear(); }
  int close();

private:
  int fd_ = 3;
  std::deque<std::string> queue_;
};

int ValveLink::close() {
  if (fd_ < 0)
    throw std::logic_error("valve link already closed");
  if (!queue_.empty()) {
    errno = EAGAIN;
    return -1;
  }
  ::close(fd_);
  fd_ = -1;
  return 0;
}

static bool retire(ValveLink &v) {
  v.command("SHUT");
  return v.close() == 0;
}

void decommission(ValveLink &inlet) {
  if (!retire(inlet)) {
    inlet.drain();
    inlet.close();
  }
}

void twice(ValveLink &outlet) {
  if (retire(outlet)) {
    // CHECK: :[[@LINE+1]]:12: warning: 'close' closes 'outlet' that may already have been closed
    outlet.close();
  }
}
