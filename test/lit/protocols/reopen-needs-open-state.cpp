// A method whose state writes need a test no closed state passes is no
// reopen after that close: `resume()` that returns first when the link is
// Closed, and `pause()` that writes only when it is Open, change nothing
// after shutdown(), so a send after them still fails. A method that writes
// the state without such a test (`suspend()`) still leaves it not closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %errlint %s --list-protocols -- %cxxflags -std=c++17 | FileCheck %s --check-prefix=PROTO
#include <stdexcept>
#include <string>
#include <vector>

class KioskLink {
public:
  void pause() {
    if (state_ == State::Open)
      state_ = State::Paused;
  }
  void resume() {
    if (state_ == State::Closed)
      return;
    state_ = State::Open;
    for (const std::string &f : held_)
      wire_.push_back(f);
    held_.clear();
  }
  void send(const std::string &f) {
    if (state_ == State::Closed)
      throw std::runtime_error("kiosk link closed");
    if (state_ == State::Paused) {
      held_.push_back(f);
      return;
    }
    wire_.push_back(f);
  }
  void shutdown() { state_ = State::Closed; }
  void suspend() { state_ = State::Suspended; }
  void wake() {
    if (state_ != State::Suspended)
      return;
    state_ = State::Open;
  }

private:
  enum class State { Open, Paused, Suspended, Closed };
  State state_ = State::Open;
  std::vector<std::string> held_, wire_;
};

// PROTO: KioskLink: closed when 'state_' is
// PROTO-NOT: reopen  resume()
// PROTO-NOT: reopen  pause()
// PROTO: reopen  suspend()

void resumeAfterShutdown(KioskLink &k) {
  k.shutdown();
  k.resume();
  k.send("READY");
  // CHECK: [[@LINE-1]]:5: warning: call to 'send' on 'k' after it was closed
}

void pauseAfterShutdown(KioskLink &k) {
  k.shutdown();
  k.pause();
  k.send("PAUSED");
  // CHECK: [[@LINE-1]]:5: warning: call to 'send' on 'k' after it was closed
}

void pauseAndResume(KioskLink &k) {
  k.pause();
  k.send("HELD");
  k.resume();
  k.send("LIVE");
}

void suspendAfterShutdown(KioskLink &k) {
  k.shutdown();
  k.suspend();
  k.send("SUSPENDED");
}
