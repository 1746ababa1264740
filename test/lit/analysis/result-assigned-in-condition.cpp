// A result assigned inside the condition that tests it (`(rc = x.close())
// == -EAGAIN`) is tested through the variable: the loop polls only where
// close() reported that it left the link open, so the poll is not after a
// close. Tested the other way round, the poll runs where it closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <deque>
#include <stdexcept>

class AckedRadioLink {
public:
  void poll() {
    if (closed_)
      throw std::runtime_error("link closed");
    if (!unacked_.empty())
      unacked_.pop_front();
  }
  int close() {
    if (closed_)
      throw std::logic_error("link already closed");
    if (!unacked_.empty())
      return -EAGAIN;
    closed_ = true;
    return 0;
  }

private:
  std::deque<int> unacked_;
  bool closed_ = false;
};

void drainThenClose(AckedRadioLink &link) {
  int rc;
  while ((rc = link.close()) == -EAGAIN)
    link.poll();
}

void pollAfterClosed(AckedRadioLink &link) {
  int rc;
  if ((rc = link.close()) != -EAGAIN)
    // CHECK: result-assigned-in-condition.cpp:[[@LINE+1]]:10: warning: call to 'poll' on 'link' after it was closed [errlint-use-after-close]
    link.poll();
}
