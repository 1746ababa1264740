// Gas-lamp heritage district: each lamplighter route reports a heartbeat and
// an hourly count of lit lamps on an event channel, driven by the district's
// shared minute timer. At dawn every route puts its lamps out and closes its
// channel; the timer keeps running for the street-sweeping rota and the
// fault reporter, which share it and report on the district channel.
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class MinuteTimer {
public:
  using Task = std::function<void(int minute)>;

  int every(int period, Task task) {
    int id = nextId_++;
    tasks_.emplace(id, Entry{period, std::move(task)});
    return id;
  }
  void cancel(int id) { tasks_.erase(id); }

  void advance(int minutes) {
    for (int i = 0; i < minutes; ++i) {
      ++now_;
      std::vector<Task> due;
      for (const auto &entry : tasks_)
        if (now_ % entry.second.period == 0)
          due.push_back(entry.second.task);
      for (Task &t : due)
        t(now_);
    }
  }

private:
  struct Entry {
    int period;
    Task task;
  };
  std::map<int, Entry> tasks_;
  int nextId_ = 1;
  int now_ = 0;
};

class LampRoute {
public:
  LampRoute(std::string name, MinuteTimer &timer, std::shared_ptr<EventChannel> channel,
            int lamps)
      : name_(std::move(name)), timer_(timer), channel_(std::move(channel)),
        lamps_(lamps) {}

  void start();
  void dawn();

private:
  void report(int minute);

  std::string name_;
  MinuteTimer &timer_;
  std::shared_ptr<EventChannel> channel_;
  int lamps_;
  int lit_ = 0;
  int heartbeatTask_ = 0;
  int reportTask_ = 0;
};

void LampRoute::start() {
  lit_ = lamps_;
  channel_->send(name_ + " lit " + std::to_string(lit_));
  std::shared_ptr<EventChannel> ch = channel_;
  heartbeatTask_ = timer_.every(15, [ch, name = name_](int minute) {
    ch->send(name + " heartbeat " + std::to_string(minute)); // BUG: use-after-close
  });
  reportTask_ = timer_.every(60, [this](int minute) { report(minute); });
}

void LampRoute::report(int minute) {
  channel_->send(name_ + " hour " + std::to_string(minute / 60) + " lit " + // OK
                 std::to_string(lit_));
}

void LampRoute::dawn() {
  timer_.cancel(reportTask_);
  lit_ = 0;
  channel_->send(name_ + " dawn, lamps out");
  channel_->close();
}

class SweepingRota {
public:
  SweepingRota(MinuteTimer &timer, std::shared_ptr<EventChannel> district)
      : timer_(timer) {
    task_ = timer.every(30, [this, district](int minute) {
      ++passes_;
      if (!district->isOpen())
        return;
      district->send("sweep pass " + std::to_string(passes_) + " at " + // OK
                     std::to_string(minute));
    });
  }
  ~SweepingRota() { timer_.cancel(task_); }
  int passes() const { return passes_; }

private:
  MinuteTimer &timer_;
  int task_ = 0;
  int passes_ = 0;
};

class FaultReporter {
public:
  FaultReporter(MinuteTimer &timer, std::shared_ptr<EventChannel> district)
      : timer_(timer), district_(std::move(district)) {
    task_ = timer.every(5, [this](int minute) { poll(minute); });
  }
  ~FaultReporter() { timer_.cancel(task_); }
  void fault(const std::string &lamp) { pending_.push_back(lamp); }

private:
  void poll(int minute) {
    if (pending_.empty() || !district_->isOpen())
      return;
    for (const std::string &lamp : pending_)
      district_->send("fault " + lamp + " at " + std::to_string(minute)); // OK
    pending_.clear();
  }

  MinuteTimer &timer_;
  int task_ = 0;
  std::shared_ptr<EventChannel> district_;
  std::vector<std::string> pending_;
};

struct RouteSpec {
  std::string name;
  int lamps;
};

void run_night(MinuteTimer &timer, const std::vector<RouteSpec> &specs,
               const std::vector<std::string> &faultyLamps, int minutesToDawn,
               int morningMinutes) {
  auto district = std::make_shared<EventChannel>();
  SweepingRota sweeping(timer, district);
  FaultReporter faults(timer, district);

  std::vector<std::unique_ptr<LampRoute>> routes;
  for (const RouteSpec &spec : specs)
    routes.push_back(std::make_unique<LampRoute>(
        spec.name, timer, std::make_shared<EventChannel>(), spec.lamps));
  for (auto &r : routes)
    r->start();
  for (const std::string &lamp : faultyLamps)
    faults.fault(lamp);

  timer.advance(minutesToDawn);
  for (auto &r : routes)
    r->dawn();
  district->send("dawn");
  district->close();

  for (const std::string &lamp : faultyLamps)
    faults.fault(lamp);
  timer.advance(morningMinutes);
}
