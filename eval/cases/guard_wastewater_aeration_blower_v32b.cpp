// Municipal wastewater treatment: the aeration basin controller trims the
// blowers from dissolved-oxygen readings. It talks to each blower over a
// BlowerLink of its own, streams readings to the SCADA historian over an
// EventChannel, and keeps a queue of setpoint changes. Any of these can be
// closed by the maintenance lockout. Negative case: every use sits behind a
// guard on the object it uses, written in the shapes the plant's code uses.
#include "messaging.h"

#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace aeration {

class BlowerLink {
public:
  enum class State { Online, Tripped, Closed };
  void setSpeed(int rpm) {
    if (state_ == State::Closed)
      throw std::runtime_error("blower link closed");
    rpm_ = rpm;
  }
  void close() { state_ = State::Closed; }
  State state() const { return state_; }
  bool good() const { return state_ == State::Online; }

private:
  State state_ = State::Online;
  int rpm_ = 0;
};

class SetpointQueue {
public:
  void push(double mgPerL) {
    if (closed_)
      throw std::runtime_error("setpoint queue closed");
    items_.push_back(mgPerL);
  }
  double take() {
    if (closed_)
      throw std::runtime_error("setpoint queue closed");
    double v = items_.empty() ? 2.0 : items_.front();
    if (!items_.empty())
      items_.pop_front();
    return v;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::deque<double> items_;
  bool closed_ = false;
};

class BasinController {
public:
  void lockout() {
    blower_.close();
    historian_.close();
    setpoints_.close();
    closed_ = true;
    spare_.reset();
  }

  void onReading(double doMgPerL) {
    if (!historian_.isOpen())
      return;
    historian_.send("DO " + std::to_string(doMgPerL)); // OK: isOpen() checked
  }

  void trim(int rpm) {
    if (closed_ || busy_)
      return;
    blower_.setSpeed(rpm); // OK: lockout sets closed_
  }

  void applySetpoints() {
    while (!setpoints_.closed()) {
      double target = setpoints_.take(); // OK: loop condition checks closed()
      if (blower_.state() == BlowerLink::State::Closed)
        return;
      blower_.setSpeed(static_cast<int>(target * 900)); // OK: state checked
    }
  }

  void failover(int rpm) {
    if (!spare_)
      return;
    spare_->setSpeed(rpm); // OK: lockout nulls spare_
  }

  void nightMode() {
    bool ok = blower_.good();
    if (!ok)
      return;
    blower_.setSpeed(1400); // OK: stored query, Closed is not Online
  }

private:
  BlowerLink blower_;
  std::unique_ptr<BlowerLink> spare_ = std::make_unique<BlowerLink>();
  EventChannel historian_;
  SetpointQueue setpoints_;
  bool closed_ = false;
  bool busy_ = false;
};

} // namespace aeration
