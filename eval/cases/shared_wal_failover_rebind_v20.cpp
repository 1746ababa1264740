// WAL shipping with failover. The Replicator owns the active
// repl::ReplicationChannel (send() on a closed channel fails) through a
// shared_ptr, and the HealthProbe holds a weak_ptr to the same channel that
// its timer callback locks. Negative case: failover() rebinds the probe to
// the new channel before it closes the old one, the probe checks IsClosed()
// after lock(), ship() returns after stop(), and stop() closes only once, so
// no channel is used after its close and none is closed twice.
#include "replication.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class HealthProbe {
public:
  void bind(std::weak_ptr<repl::ReplicationChannel> ch) { ch_ = std::move(ch); }
  std::function<void()> pinger() {
    return [this] { probeNow(); };
  }
  void probeNow();
  int misses() const { return misses_; }

private:
  std::weak_ptr<repl::ReplicationChannel> ch_;
  int misses_ = 0;
};

void HealthProbe::probeNow() {
  auto ch = ch_.lock();
  if (!ch || ch->IsClosed()) {
    ++misses_;
    return;
  }
  ch->send("PING"); // OK: lock() plus IsClosed() check
}

class Replicator {
public:
  Replicator(const std::string &primary, std::string standby, HealthProbe &probe);
  void ship(const std::string &frame);
  void failover();
  void stop();

private:
  std::shared_ptr<repl::ReplicationChannel> active_;
  std::string standby_;
  HealthProbe &probe_;
  bool stopped_ = false;
};

Replicator::Replicator(const std::string &primary, std::string standby, HealthProbe &probe)
    : active_(std::make_shared<repl::ReplicationChannel>(primary)),
      standby_(std::move(standby)), probe_(probe) {
  probe_.bind(active_);
}

void Replicator::ship(const std::string &frame) {
  if (stopped_)
    return;
  active_->send(frame); // OK: failover() installs an open channel before it returns
}

void Replicator::failover() {
  std::shared_ptr<repl::ReplicationChannel> old = active_;
  active_ = std::make_shared<repl::ReplicationChannel>(standby_);
  probe_.bind(active_);
  old->close();
  active_->send("RESYNC"); // OK: the standby channel, not the one just closed
}

void Replicator::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  active_->flush();
  active_->close();
}

int main() {
  HealthProbe probe;
  Replicator rep("db-a:5433", "db-b:5433", probe);
  std::vector<std::function<void()>> timers{probe.pinger()};
  rep.ship("wal 0/16B3F10");
  for (auto &t : timers)
    t();
  rep.failover();
  for (auto &t : timers)
    t(); // OK: the probe was rebound before the old channel closed
  rep.ship("wal 0/16B4020"); // OK: ships on the standby channel
  rep.stop();
  rep.ship("wal 0/16B4188"); // OK: ship() returns after stop()
  rep.stop(); // OK: stop() closes only the first time
  for (auto &t : timers)
    t(); // OK: probeNow() sees IsClosed() and counts a miss
  std::printf("probe misses: %d\n", probe.misses());
  return 0;
}
