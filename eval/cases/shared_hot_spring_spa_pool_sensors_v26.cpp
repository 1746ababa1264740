// Pool telemetry of a hot-spring spa: a periodic ticker (which also drives
// the chlorine doser) reports each pool's water temperature and the bathers
// count to the building-management system over a shared connection. When a
// pool is drained for cleaning its monitor is stopped while the ticker keeps
// running for the other pools; a dropped connection is replaced by a new
// one.
#include "netconn.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class Ticker {
public:
  using Task = std::function<void()>;
  int every(int periodMs, Task task) {
    int id = nextId_++;
    tasks_[id] = Entry{periodMs, 0, std::move(task)};
    return id;
  }
  void cancel(int id) { tasks_.erase(id); }
  void tick(int nowMs) {
    for (auto &kv : tasks_) {
      Entry &e = kv.second;
      if (nowMs - e.lastMs >= e.periodMs) {
        e.lastMs = nowMs;
        e.task();
      }
    }
  }

private:
  struct Entry {
    int periodMs;
    int lastMs;
    Task task;
  };
  std::map<int, Entry> tasks_;
  int nextId_ = 1;
};

struct PoolProbe {
  std::string pool;
  double waterC = 38.0;
  int bathers = 0;
};

class PoolMonitor {
public:
  PoolMonitor(Ticker &ticker, std::string endpoint, PoolProbe &probe)
      : ticker_(ticker), endpoint_(std::move(endpoint)), probe_(probe),
        link_(std::make_shared<net::Connection>(endpoint_)) {}

  void start();
  void stop();
  void reconnect();

private:
  Ticker &ticker_;
  std::string endpoint_;
  PoolProbe &probe_;
  std::shared_ptr<net::Connection> link_;
  std::vector<int> taskIds_;
};

void PoolMonitor::start() {
  std::shared_ptr<net::Connection> link = link_;
  PoolProbe &probe = probe_;
  taskIds_.push_back(ticker_.every(60000, [link, &probe] {
    link->send(probe.pool + " temp " + std::to_string(probe.waterC)); // BUG: use-after-close
  }));

  std::weak_ptr<net::Connection> weak = link_;
  taskIds_.push_back(ticker_.every(15000, [weak, &probe] {
    std::shared_ptr<net::Connection> l = weak.lock();
    if (!l || l->isClosed())
      return;
    l->send(probe.pool + " bathers " + std::to_string(probe.bathers)); // OK
  }));
}

void PoolMonitor::stop() {
  if (link_->isClosed())
    return;
  link_->send(probe_.pool + " offline"); // OK
  link_->close();
}

void PoolMonitor::reconnect() {
  link_->close();
  link_ = std::make_shared<net::Connection>(endpoint_);
  link_->send(probe_.pool + " reconnected"); // OK
}

void runSpaDay(Ticker &ticker, std::vector<PoolMonitor *> &monitors,
               int drainedPool, int dayMs) {
  for (PoolMonitor *m : monitors)
    m->start();
  bool drained = false;
  for (int now = 0; now < dayMs; now += 5000) {
    if (!drained && now >= dayMs / 2 && drainedPool >= 0 &&
        drainedPool < static_cast<int>(monitors.size())) {
      monitors[drainedPool]->stop();
      drained = true;
    }
    ticker.tick(now);
  }
}
