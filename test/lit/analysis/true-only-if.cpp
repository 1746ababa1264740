// A method that returns true only where its object was in some state on
// entry (`resume()` returns false unless the port was suspended) tells its
// callers: after close(), `if (port.resume())` is never taken, so the read
// inside it cannot meet the closed port. Where the result is not tested, or
// the port may really have been suspended, nothing changes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>

class ToiPort {
public:
  enum class State { Open, Suspended, Closed };
  double read() {
    if (state_ != State::Open)
      throw std::runtime_error("port not open");
    return 1.0;
  }
  void suspend() {
    if (state_ == State::Open)
      state_ = State::Suspended;
  }
  bool resume() {
    if (state_ != State::Suspended)
      return false;
    state_ = State::Open;
    return true;
  }
  void close() { state_ = State::Closed; }

private:
  State state_ = State::Open;
};

double resumeTested(ToiPort &p) {
  p.close();
  if (p.resume())
    return p.read();
  return 0;
}

double resumeEarlyExit(ToiPort &p) {
  p.close();
  if (!p.resume())
    return 0;
  return p.read();
}

double resumeUntested(ToiPort &p) {
  p.close();
  p.resume();
  // CHECK: true-only-if.cpp:[[@LINE+1]]:12: warning: call to 'read' on 'p' after it was closed
  return p.read();
}

double suspendedThenResumed(ToiPort &p) {
  p.suspend();
  if (p.resume())
    return p.read();
  return 0;
}
