// Resetting a unique_ptr member destroys the object it held: its closes
// are closes of that object, which the member no longer names. An owner
// whose stop() resets the member (past an atomic state exchange errlint
// does not follow) and whose destructor calls stop() again destroys
// nothing twice; an object whose own destructor closes a descriptor its
// stop() closed without resetting closes it twice.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <memory>
#include <unistd.h>

class DirWatch {
public:
  explicit DirWatch(int Fd) : Fd(Fd) {}
  ~DirWatch() { stop(); }
  void stop() {
    if (Fd >= 0)
      ::close(Fd);
    // CHECK: member-reset-prior.cpp:[[@LINE-1]]:7: warning: 'close' closes 'Fd' that may already have been closed [errlint-double-close]
  }

private:
  int Fd;
};

class Agent {
public:
  explicit Agent(int Fd) : Watch(std::make_unique<DirWatch>(Fd)) {}
  ~Agent() { stop(); }
  void stop() {
    if (State.exchange(2) == 2)
      return;
    Watch.reset();
  }

private:
  std::atomic<int> State{1};
  std::unique_ptr<DirWatch> Watch;
};

void runAgent(int Fd) {
  Agent A(Fd);
  A.stop();
}

void runWatch(int Fd) {
  DirWatch W(Fd);
  W.stop();
}
