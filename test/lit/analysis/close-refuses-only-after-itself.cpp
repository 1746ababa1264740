// A log whose close() throws only on the value it leaves (`if (state_ ==
// Shut) throw`), beside a pause() that leaves another closed value (Paused)
// the guard lets through: closing twice is a double close, also through a
// wrapper that closes it; closing after pause() is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class TuningLog {
public:
  void note(const std::string &s) {
    if (state_ != State::Open)
      throw std::runtime_error("tuning log not open");
    last_ = s;
  }
  void pause() {
    if (state_ == State::Open)
      state_ = State::Paused;
  }
  void resume() {
    if (state_ == State::Shut)
      return;
    state_ = State::Open;
  }
  void close() {
    if (state_ == State::Shut)
      throw std::logic_error("tuning log closed twice");
    state_ = State::Shut;
  }

private:
  enum class State { Open, Paused, Shut };
  State state_ = State::Open;
  std::string last_;
};

class Session {
public:
  void finish() { log_.close(); }
  TuningLog &log() { return log_; }

private:
  TuningLog log_;
};

void pausedThenClosed(TuningLog &log) {
  log.pause();
  log.close();
}

void closedTwice(TuningLog &log) {
  log.close();
  // CHECK: :[[@LINE+1]]:7: warning: 'close' closes 'log' a second time
  log.close();
}

void finishedTwice(Session &s, bool snapped) {
  s.finish();
  if (snapped)
    // CHECK: :[[@LINE+1]]:7: warning: 'finish' closes 's.log_' a second time
    s.finish();
}
