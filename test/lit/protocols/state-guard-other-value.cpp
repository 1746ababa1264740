// `if (s.state() == State::Paused) s.resume();` after a helper that either
// closes the session or pauses it: Paused is not the protocol's closed
// state (close() sets Closed, and every use refuses Closed), though one
// use, advance(), also refuses Paused. The guard proves the session open.
// Its negation (`!= Paused`) proves nothing: the session may be closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class ReelSession {
public:
  enum class State { Idle, Running, Paused, Closed };
  void pause() {
    requireLive("pause");
    state_ = State::Paused;
  }
  void resume() {
    requireLive("resume");
    state_ = State::Running;
  }
  void advance(int frames) {
    requireLive("advance");
    if (state_ == State::Paused)
      throw std::logic_error("advance while paused");
    shown_ += frames;
  }
  void close() { state_ = State::Closed; }
  State state() const { return state_; }
  bool done() const { return shown_ > 100; }

private:
  void requireLive(const char *what) const {
    if (state_ == State::Closed)
      throw std::runtime_error(std::string("session closed, cannot ") + what);
  }
  State state_ = State::Idle;
  int shown_ = 0;
};

static void endOfSection(ReelSession &s) {
  if (s.done())
    s.close();
  else
    s.pause();
}

void resumeIfPaused(ReelSession &s) {
  endOfSection(s);
  if (s.state() == ReelSession::State::Paused)
    s.resume();
}

void resumeUnlessPaused(ReelSession &s) {
  endOfSection(s);
  if (s.state() != ReelSession::State::Paused)
    // CHECK: state-guard-other-value.cpp:[[@LINE+1]]:7: warning: call to 'resume' on 's' that may have been closed
    s.resume();
}
