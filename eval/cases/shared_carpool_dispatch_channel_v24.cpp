// Carpool matching service: each service region owns an event channel to the
// driver app gateway. Regions register periodic jobs with the service's timer
// wheel (heartbeat, stale-offer sweep) and can be retired at runtime when the
// operator merges two regions.
#include "messaging.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class TimerWheel {
public:
  using Job = std::function<void()>;

  void every(std::chrono::seconds period, Job job) {
    jobs_.push_back({period, std::chrono::seconds(0), std::move(job)});
  }

  void advance(std::chrono::seconds elapsed) {
    for (Entry &e : jobs_) {
      e.elapsed += elapsed;
      if (e.elapsed >= e.period) {
        e.elapsed = std::chrono::seconds(0);
        e.job();
      }
    }
  }

private:
  struct Entry {
    std::chrono::seconds period;
    std::chrono::seconds elapsed;
    Job job;
  };
  std::vector<Entry> jobs_;
};

class Region {
public:
  Region(std::string name, TimerWheel &timers)
      : name_(std::move(name)), channel_(std::make_shared<EventChannel>()),
        timers_(timers) {}

  void start();
  void offerRide(const std::string &riderId, const std::string &driverId);
  void retire();
  void reopen();

private:
  std::string name_;
  std::shared_ptr<EventChannel> channel_;
  TimerWheel &timers_;
  int openOffers_ = 0;
};

void Region::start() {
  std::shared_ptr<EventChannel> ch = channel_;
  const std::string region = name_;
  timers_.every(std::chrono::seconds(30), [ch, region] {
    ch->send("heartbeat " + region); // BUG: use-after-close
  });

  std::weak_ptr<EventChannel> weak = channel_;
  timers_.every(std::chrono::seconds(60), [weak, region] {
    std::shared_ptr<EventChannel> live = weak.lock();
    if (live && live->isOpen())
      live->send("sweep-stale-offers " + region); // OK
  });
}

void Region::offerRide(const std::string &riderId, const std::string &driverId) {
  if (!channel_->isOpen())
    return;
  channel_->send("offer " + riderId + " -> " + driverId); // OK
  ++openOffers_;
}

void Region::retire() {
  channel_->send("region-retired " + name_);
  channel_->close();
}

void Region::reopen() {
  channel_ = std::make_shared<EventChannel>();
  channel_->send("region-online " + name_); // OK
}

class CarpoolService {
public:
  void addRegion(const std::string &name) {
    auto region = std::make_unique<Region>(name, timers_);
    region->start();
    regions_[name] = std::move(region);
  }

  void mergeInto(const std::string &from, const std::string &into) {
    auto it = regions_.find(from);
    if (it == regions_.end() || regions_.count(into) == 0)
      return;
    it->second->retire();
    regions_.erase(it);
  }

  void tick(std::chrono::seconds elapsed) { timers_.advance(elapsed); }

private:
  TimerWheel timers_;
  std::map<std::string, std::unique_ptr<Region>> regions_;
};
