// A range-for over a container reached through another container's element
// (`for (auto &c : pools_[i].idle) c->close();`) closes each element once:
// every iteration has its own element. A second loop over the same elements
// closes them again.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <deque>
#include <memory>
#include <stdexcept>
#include <vector>

class ParkedConn {
public:
  void close() {
    if (closed_)
      throw std::logic_error("parked connection closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

struct UpstreamSlot {
  std::deque<std::unique_ptr<ParkedConn>> idle;
};

class ParkedPool {
public:
  void markDown(std::size_t i);
  void closeTwice(std::size_t i);

private:
  std::vector<UpstreamSlot> slots_;
};

void ParkedPool::markDown(std::size_t i) {
  UpstreamSlot &u = slots_[i];
  for (auto &conn : u.idle)
    conn->close(); // OK: a new element each iteration
  u.idle.clear();
}

void ParkedPool::closeTwice(std::size_t i) {
  for (auto &conn : slots_[i].idle)
    conn->close(); // OK: a new element each iteration
  for (auto &conn : slots_[i].idle)
    // CHECK: nested-element-loops.cpp:[[@LINE+1]]:11: warning: 'close' closes 'conn' that may already have been closed
    conn->close();
}
