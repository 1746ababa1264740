// A helper that closes only where its own query found the object open and
// then returns true (`if (rh > limit && link.state() != Closed) {
// link.close(); return true; } return false;`) tells its caller through its
// result: the return of false that the query took did not close anything,
// so a caller past `if (retire(...)) return;` has the link open. A caller
// that ignores the result may go on with it closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class DamperLink {
public:
  enum class State { Idle, Active, Closed };
  void setOpening(int percent);
  void close();
  State state() const { return state_; }

private:
  State state_ = State::Idle;
  int opening_ = 0;
};

void DamperLink::setOpening(int percent) {
  if (state_ == State::Closed)
    throw std::runtime_error("damper link closed");
  opening_ = percent;
}

void DamperLink::close() {
  if (state_ == State::Closed)
    throw std::runtime_error("damper link already closed");
  state_ = State::Closed;
}

bool maybeRetire(DamperLink &link, double rh) {
  if (rh > 0.70 && link.state() != DamperLink::State::Closed) {
    link.close();
    return true;
  }
  return false;
}

void adjust(DamperLink &link, double rh) {
  if (maybeRetire(link, rh))
    return;
  link.setOpening(rh > 0.55 ? 60 : 25);
}

void adjustRegardless(DamperLink &link, double rh) {
  maybeRetire(link, rh);
  link.setOpening(40);
  // CHECK: close-if-checked-returns-true.cpp:[[@LINE-1]]:8: warning: call to 'setOpening' on 'link' that may have been closed
}
