// Race clock for a pigeon racing club. Each loft's electronic clock reports
// arrivals (ring number, timestamp) to the club server over a shared
// net::Connection; the clock registers a tick callback with the loft's
// ClockBus so that the current leader's velocity is pushed every minute.
// When a race is verified the loft's uplink is closed and a new one is made
// for the next race.
#include "netconn.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class ClockBus {
public:
  using Tick = std::function<void(long minute)>;
  int subscribe(Tick t) {
    subs_[next_] = std::move(t);
    return next_++;
  }
  void unsubscribe(int id) { subs_.erase(id); }
  void publish(long minute) {
    for (auto &entry : subs_)
      entry.second(minute);
  }

private:
  std::map<int, Tick> subs_;
  int next_ = 1;
};

struct Arrival {
  std::string ring;
  long secondsSinceLiberation;
  double metres;
};

class LoftClock {
public:
  LoftClock(std::string loft, std::shared_ptr<net::Connection> uplink, ClockBus &bus)
      : loft_(std::move(loft)), uplink_(std::move(uplink)), bus_(bus) {}
  ~LoftClock() { stopTicks(); }
  LoftClock(const LoftClock &) = delete;
  LoftClock &operator=(const LoftClock &) = delete;

  void startRace(const std::string &raceId);
  void arrival(const Arrival &a);
  void verify();
  void nextRace(const std::string &endpoint);
  void stopTicks();

private:
  double leaderVelocity() const {
    return best_.secondsSinceLiberation > 0 ? best_.metres * 60.0 / best_.secondsSinceLiberation : 0.0;
  }

  std::string loft_;
  std::string race_;
  std::shared_ptr<net::Connection> uplink_;
  ClockBus &bus_;
  Arrival best_{};
  int tickSub_ = 0;
};

void LoftClock::startRace(const std::string &raceId) {
  race_ = raceId;
  best_ = Arrival{};
  std::shared_ptr<net::Connection> conn = uplink_;
  tickSub_ = bus_.subscribe([this, conn](long minute) {
    conn->send(race_ + " " + loft_ + " t+" + std::to_string(minute) + " ypm=" + // BUG: use-after-close
               std::to_string(leaderVelocity()));
  });
}

void LoftClock::arrival(const Arrival &a) {
  uplink_->send(race_ + " ARR " + a.ring + " " + std::to_string(a.secondsSinceLiberation));
  if (best_.secondsSinceLiberation == 0 ||
      a.metres * best_.secondsSinceLiberation > best_.metres * a.secondsSinceLiberation)
    best_ = a;
}

void LoftClock::verify() {
  uplink_->send(race_ + " VERIFIED " + loft_);
  uplink_->flush();
  uplink_->close();
}

void LoftClock::nextRace(const std::string &endpoint) {
  uplink_ = std::make_shared<net::Connection>(endpoint);
  uplink_->send("HELLO " + loft_); // OK
}

void LoftClock::stopTicks() {
  if (tickSub_ != 0) {
    bus_.unsubscribe(tickSub_);
    tickSub_ = 0;
  }
}

void raceDay(ClockBus &bus, const std::vector<Arrival> &arrivals, const std::string &endpoint) {
  auto uplink = std::make_shared<net::Connection>(endpoint);
  LoftClock clock("loft-17", uplink, bus);
  clock.startRace("R2024-11");
  long minute = 0;
  for (const Arrival &a : arrivals) {
    clock.arrival(a);
    bus.publish(++minute);
  }
  clock.verify();
  uplink->close(); // OK
  bus.publish(++minute);
  clock.stopTicks();
}

void trainingToss(ClockBus &bus, const std::vector<Arrival> &arrivals, const std::string &endpoint) {
  auto uplink = std::make_shared<net::Connection>(endpoint);
  LoftClock clock("loft-17", uplink, bus);
  clock.startRace("TRAINING");
  for (const Arrival &a : arrivals)
    clock.arrival(a);
  clock.stopTicks();
  clock.verify();
  bus.publish(1);
  if (!uplink->isClosed())
    uplink->send("late training note"); // OK
  clock.nextRace(endpoint);
}
