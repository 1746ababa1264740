// Zoo penguin enclosure: fish feeders along the beach are driven over a shared
// net::Connection to the keeper station; the feeding timetable registers
// per-feeder callbacks with the enclosure's tick dispatcher, and the water
// quality monitor keeps a weak reference to the same link for its alerts.
// During pool maintenance the keeper station link is closed.
#include "netconn.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class TickDispatcher {
public:
  using Callback = std::function<void(int minuteOfDay)>;

  int every(int periodMinutes, Callback cb) {
    entries_.push_back({nextId_, periodMinutes, std::move(cb)});
    return nextId_++;
  }

  void tick(int minuteOfDay) {
    for (auto &e : entries_)
      if (minuteOfDay % e.period == 0)
        e.cb(minuteOfDay);
  }

private:
  struct Entry {
    int id;
    int period;
    Callback cb;
  };
  std::vector<Entry> entries_;
  int nextId_ = 1;
};

class FeedingTimetable {
public:
  FeedingTimetable(std::shared_ptr<net::Connection> station, TickDispatcher &ticks)
      : station_(std::move(station)), ticks_(ticks) {}

  void addFeeder(const std::string &feeder, int everyMinutes, int gramsHerring) {
    auto link = station_;
    ticks_.every(everyMinutes, [link, feeder, gramsHerring](int minute) {
      link->send("FEED " + feeder + " " + std::to_string(gramsHerring) + " @" + // SAME: penguin-feed
                 std::to_string(minute));
    });
  }

private:
  std::shared_ptr<net::Connection> station_;
  TickDispatcher &ticks_;
};

class WaterMonitor {
public:
  explicit WaterMonitor(const std::shared_ptr<net::Connection> &station) : station_(station) {}

  void reading(double chlorinePpm, double tempC) {
    if (chlorinePpm < 1.5 && tempC < 8.0)
      return;
    if (auto link = station_.lock())
      link->send("WATER cl=" + std::to_string(chlorinePpm) + " t=" + std::to_string(tempC)); // SAME: penguin-water
  }

private:
  std::weak_ptr<net::Connection> station_;
};

class Enclosure {
public:
  explicit Enclosure(std::shared_ptr<net::Connection> station)
      : station_(std::move(station)), timetable_(station_, ticks_), water_(station_) {}

  void setUp() {
    timetable_.addFeeder("north-beach", 120, 800);
    timetable_.addFeeder("rock-pool", 180, 450);
    ticks_.every(15, [this](int) {
      if (!station_->isClosed())
        station_->send("HEARTBEAT"); // OK
    });
  }

  void startMaintenance() {
    station_->send("MAINTENANCE BEGIN");
    station_->flush();
    station_->close();
  }

  void minute(int m) { ticks_.tick(m); }
  void water(double cl, double t) { water_.reading(cl, t); }

  void endMaintenance(const std::string &endpoint) {
    station_ = std::make_shared<net::Connection>(endpoint);
    station_->send("MAINTENANCE END"); // OK
  }

private:
  std::shared_ptr<net::Connection> station_;
  TickDispatcher ticks_;
  FeedingTimetable timetable_;
  WaterMonitor water_;
};

void maintenanceMorning(Enclosure &pen, const std::string &endpoint) {
  pen.setUp();
  pen.minute(360);
  pen.startMaintenance();
  pen.minute(375); // OK
  pen.minute(480); // BUG: use-after-close #penguin-feed
  pen.endMaintenance(endpoint);
}

void poolRefill(Enclosure &pen, const std::string &endpoint) {
  pen.setUp();
  pen.startMaintenance();
  pen.endMaintenance(endpoint);
  pen.minute(15); // OK
  pen.water(2.1, 9.5); // BUG: use-after-close #penguin-water
}
