// Climbing wall auto-belay monitor: each auto-belay unit streams rope payout,
// falls and heartbeats to the front desk through an AutoBelayFeed. A unit's
// feed is closed when the unit is taken out of service (rope too fast,
// inspection due, too many sensor errors). Every publish is preceded by a
// check of that feed's state with nothing able to close it between the check
// and the publish, so a closed feed is never published to.
#include <stdexcept>
#include <string>
#include <vector>

namespace wall {

class AutoBelayFeed {
public:
  enum class State { Connecting, Live, Closed };

  explicit AutoBelayFeed(int unit) : unit_(unit) {}

  void publish(const std::string &event) {
    if (state_ == State::Closed)
      throw std::runtime_error("auto-belay feed " + std::to_string(unit_) + " closed");
    sent_.push_back(event);
  }

  void markLive() {
    if (state_ == State::Connecting)
      state_ = State::Live;
  }
  void noteSensorError() { ++errors_; }
  void close() { state_ = State::Closed; }

  State state() const { return state_; }
  bool closed() const { return state_ == State::Closed; }
  bool is_open() const { return state_ != State::Closed; }
  bool good() const { return state_ == State::Live && errors_ < 3; }
  explicit operator bool() const { return is_open(); }

private:
  int unit_;
  State state_ = State::Connecting;
  int errors_ = 0;
  std::vector<std::string> sent_;
};

struct Fall {
  std::string route;
  double ropeSpeed;
};

struct Reading {
  double payoutM;
  bool fault;
};

class PayoutSensor {
public:
  Reading next();
};

constexpr double kMaxRopeSpeed = 2.0;

void onFall(AutoBelayFeed &feed, const Fall &fall, bool deskBusy) {
  if (fall.ropeSpeed > kMaxRopeSpeed)
    feed.close();
  if (feed.closed() || deskBusy)
    return;
  feed.publish("fall on " + fall.route); // OK
}

void streamPayout(AutoBelayFeed &feed, PayoutSensor &sensor) {
  while (!feed.closed()) {
    const Reading r = sensor.next();
    if (r.fault) {
      feed.close();
      continue;
    }
    feed.publish("payout " + std::to_string(r.payoutM)); // OK
  }
}

void heartbeat(AutoBelayFeed &feed) {
  switch (feed.state()) {
  case AutoBelayFeed::State::Closed:
    return;
  case AutoBelayFeed::State::Connecting:
    feed.markLive();
    break;
  case AutoBelayFeed::State::Live:
    break;
  }
  feed.publish("heartbeat"); // OK
}

void endOfDay(AutoBelayFeed &feed, bool inspectionDue, int climbs) {
  if (inspectionDue)
    feed.close();
  if (!feed)
    return;
  feed.publish("climbs today " + std::to_string(climbs)); // OK
}

void checkSensors(AutoBelayFeed &feed, int errorsSinceLastCheck) {
  for (int i = 0; i < errorsSinceLastCheck; ++i)
    feed.noteSensorError();
  if (!feed.good()) {
    feed.close();
    return;
  }
  feed.publish("sensors ok"); // OK
}

void retireUnit(AutoBelayFeed &feed, int lifetimeClimbs) {
  const bool open = feed.is_open();
  if (open) {
    feed.publish("retired after " + std::to_string(lifetimeClimbs)); // OK
    feed.close();
  }
}

} // namespace wall
