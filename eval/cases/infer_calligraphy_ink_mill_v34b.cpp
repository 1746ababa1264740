// Ink mill of a calligraphy school: a small motor grinds the inkstick on the
// stone while the teacher talks. The mill can be paused and resumed during a
// lesson; shutdown() ends its session (idempotent), finish() ends it and
// refuses to run twice, and only restart() opens it again: resume() returns
// early on a shut mill. Two mistakes: end_of_lesson() relies on resume() to
// bring the mill back after shutdown(), and clean_stone() finishes the mill
// in its error branch and again at the end.
#include <cstdio>
#include <stdexcept>
#include <string>

class InkMill {
public:
  enum class State { Running, Paused, Shut };

  void pause();
  void resume();
  int grind(int turns);
  void shutdown();
  void finish();
  void restart();
  State state() const { return state_; }

private:
  State state_ = State::Running;
  int total_turns_ = 0;
};

void InkMill::pause() {
  if (state_ == State::Running)
    state_ = State::Paused;
}

void InkMill::resume() {
  if (state_ == State::Shut)
    return;
  state_ = State::Running;
}

int InkMill::grind(int turns) {
  if (state_ == State::Shut)
    throw std::logic_error("ink mill closed");
  if (state_ == State::Paused)
    return 0;
  total_turns_ += turns;
  return turns;
}

void InkMill::shutdown() { state_ = State::Shut; }

void InkMill::finish() {
  if (state_ == State::Shut)
    throw std::logic_error("ink mill already closed");
  std::printf("mill finished after %d turns\n", total_turns_);
  state_ = State::Shut;
}

void InkMill::restart() {
  state_ = State::Running;
  total_turns_ = 0;
}

void demonstrate_stroke(InkMill &mill) {
  if (mill.state() == InkMill::State::Shut)
    return;
  mill.pause();
  std::printf("watch the brush angle\n");
  mill.resume();
  mill.grind(12); // OK: pause() is not a close, and resume() made it run again
}

void end_of_lesson(InkMill &mill, bool encore) {
  mill.shutdown();
  if (encore) {
    mill.resume();
    mill.grind(30); // BUG: use-after-close
  }
}

void new_class(InkMill &mill) {
  mill.shutdown();
  mill.shutdown(); // OK: shutdown() only sets the state, it is idempotent
  mill.restart();
  mill.grind(40); // OK: restart() opened the mill again
}

bool clean_stone(InkMill &mill, int residue) {
  if (mill.state() == InkMill::State::Shut)
    return false;
  if (residue > 5) {
    std::printf("stone too dirty, stopping the mill\n");
    mill.finish();
  }
  mill.finish(); // BUG: double-close
  return true;
}

void last_ink(InkMill &mill) {
  if (mill.state() == InkMill::State::Shut)
    return;
  mill.grind(1); // OK: the shut path returned above
  mill.finish(); // OK: the only finish() on this path, on a mill that is not shut
}

int grind_if_running(InkMill &mill, int turns) {
  if (mill.state() == InkMill::State::Shut)
    return -1;
  return mill.grind(turns); // OK: guarded by state()
}
