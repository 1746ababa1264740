// Zip line canopy tour: each line has a launch gate that sends riders off on
// their trolleys, a brake unit at the landing platform and a radio channel to
// the crew. When gusts pass the limit the ground crew's app puts the line on
// wind hold, which closes all three. Negative: every use below is behind a
// guard on the state the close sets (a closed/busy check, the brake's state,
// the radio's isOpen(), a loop condition, a stored good() query).
#include "messaging.h"

#include <deque>
#include <stdexcept>
#include <string>

namespace canopy {

class BrakeUnit {
public:
  enum class State { Armed, Braking, Closed };

  void engage(int force) {
    if (state_ == State::Closed)
      throw std::runtime_error("brake unit closed");
    state_ = State::Braking;
    force_ = force;
  }
  void release() {
    if (state_ == State::Closed)
      throw std::runtime_error("brake unit closed");
    state_ = State::Armed;
  }
  void close() { state_ = State::Closed; }
  State state() const { return state_; }
  bool good() const { return state_ != State::Closed; }

private:
  State state_ = State::Armed;
  int force_ = 0;
};

class LaunchGate {
public:
  void enqueue(const std::string &rider) { riders_.push_back(rider); }
  bool hasRiders() const { return !riders_.empty(); }
  void dispatchNext() {
    if (closed_)
      throw std::runtime_error("launch gate closed");
    riders_.pop_front();
    busy_ = true;
  }
  void landed() { busy_ = false; }
  void close() {
    closed_ = true;
    riders_.clear();
  }
  bool closed() const { return closed_; }
  bool busy() const { return busy_; }

private:
  std::deque<std::string> riders_;
  bool closed_ = false;
  bool busy_ = false;
};

class Line {
public:
  explicit Line(EventChannel &radio) : radio_(radio) {}

  void tryDispatch() {
    if (gate_.closed() || gate_.busy() || !gate_.hasRiders())
      return;
    gate_.dispatchNext(); // OK
  }

  void onArrival(int force) {
    gate_.landed();
    if (brake_.state() == BrakeUnit::State::Closed)
      return;
    brake_.engage(force); // OK
  }

  void resetBrake() {
    const bool ok = brake_.good();
    if (!ok)
      return;
    brake_.release(); // OK: the stored query says the unit is not closed
  }

  void announce(const std::string &msg) {
    if (!radio_.isOpen())
      return;
    radio_.send(msg); // OK
  }

  void runQueue() {
    while (!gate_.closed() && gate_.hasRiders()) {
      gate_.dispatchNext(); // OK: the loop condition rechecks closed()
      gate_.landed();
    }
  }

  void windHold() {
    announce("wind hold on line 4");
    gate_.close();
    brake_.close();
    radio_.close();
  }

private:
  LaunchGate gate_;
  BrakeUnit brake_;
  EventChannel &radio_;
};

void gust(Line &line) {
  line.windHold();
  line.tryDispatch();
  line.onArrival(60);
  line.announce("line 4 still on hold");
}

} // namespace canopy
