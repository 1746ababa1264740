// A class whose enum state has a value that only ends its use, whatever it
// and its setter are called (`lockOut()` setting `State::Off`): every
// check of the state that fails, fails exactly there and throws (through a
// private helper too), and every method that moves the state elsewhere
// fails there first. Its protocol is inferred: a use after lockOut() fails.
// A value the class can leave (a resume() that sets it back without a
// check) is not an end, and neither is one named as a running state.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class Horn {
public:
  void sound(bool on) {
    requireLive("sound");
    state_ = on ? State::Sounding : State::Silent;
  }
  void lockOut() {
    if (state_ == State::Off)
      throw std::logic_error("already locked out");
    state_ = State::Off;
  }

private:
  enum class State { Silent, Sounding, Off };
  void requireLive(const char *op) const {
    if (state_ == State::Off)
      throw std::logic_error(std::string(op) + " after lock-out");
  }
  State state_ = State::Silent;
};

// Positive.
void night(Horn &h) {
  h.lockOut();
  h.sound(true);
  // CHECK: terminal-state-value.cpp:[[@LINE-1]]:5: warning: call to 'sound' on 'h' after it was closed
}

class Valve {
public:
  void open() {
    if (state_ == State::Parked)
      throw std::logic_error("parked");
    state_ = State::Flowing;
  }
  void park() { state_ = State::Parked; }
  void resume() { state_ = State::Idle; }

private:
  enum class State { Idle, Flowing, Parked };
  State state_ = State::Idle;
};

// Negative: Parked can be left (resume()).
void shift(Valve &v) {
  v.park();
  v.resume();
  v.open();
}

class Job {
public:
  void start() { state_ = State::Running; }
  void configure(int n) {
    if (state_ == State::Running)
      throw std::logic_error("configure while running");
    n_ = n;
  }

private:
  enum class State { Fresh, Running };
  State state_ = State::Fresh;
  int n_ = 0;
};

// Negative: a running state is a step of the job's life, not its end (and
// this configure() comes before start()).
void run(Job &j) {
  j.configure(3);
  j.start();
}
