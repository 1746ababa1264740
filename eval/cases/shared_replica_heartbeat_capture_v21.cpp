// Database primary shipping WAL frames to replicas over
// repl::ReplicationChannel (send() on a closed channel fails with
// "replication channel closed"). Heartbeats run from a TimerWheel that stores
// std::function callbacks. ReplicaLink registers a heartbeat capturing a copy
// of its shared_ptr<ReplicationChannel>; reconnect() closes that channel and
// replaces the member, but the heartbeat keeps the old channel and keeps
// sending on it. StandbyLink's heartbeat reads the member each time.
#include "replication.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

class TimerWheel {
public:
  using Task = std::function<void()>;
  void every(const std::string &name, Task task) { tasks_[name] = std::move(task); }
  void cancel(const std::string &name) { tasks_.erase(name); }
  void tick() {
    for (auto &entry : tasks_)
      entry.second();
  }

private:
  std::map<std::string, Task> tasks_;
};

class ReplicaLink {
public:
  ReplicaLink(std::string peer, TimerWheel &timers) : peer_(std::move(peer)), timers_(timers) {}

  void start() {
    channel_ = std::make_shared<repl::ReplicationChannel>(peer_);
    std::shared_ptr<repl::ReplicationChannel> ch = channel_;
    timers_.every("hb:" + peer_, [ch] {
      ch->send("HEARTBEAT"); // SAME: stale_heartbeat
    });
  }

  void ship(const std::string &frame) {
    if (!channel_->connected())
      reconnect();
    channel_->send(frame); // OK: reconnect() installed a fresh channel
  }

  // Called by the lag monitor when the replica stops acknowledging.
  void reconnect() {
    channel_->close();
    channel_ = std::make_shared<repl::ReplicationChannel>(peer_);
  }

  void stop() {
    timers_.cancel("hb:" + peer_);
    channel_->flush();
    channel_->close();
  }

private:
  std::string peer_;
  TimerWheel &timers_;
  std::shared_ptr<repl::ReplicationChannel> channel_;
};

class StandbyLink {
public:
  StandbyLink(std::string peer, TimerWheel &timers) : peer_(std::move(peer)), timers_(timers) {}

  void start() {
    channel_ = std::make_shared<repl::ReplicationChannel>(peer_);
    timers_.every("hb:" + peer_, [this] {
      channel_->send("HEARTBEAT"); // OK: reads the current channel on every tick
    });
  }
  void reconnect() {
    channel_->close();
    channel_ = std::make_shared<repl::ReplicationChannel>(peer_);
  }
  void ship(const std::string &frame) { channel_->send(frame); }
  void stop() {
    timers_.cancel("hb:" + peer_);
    channel_->close();
  }

private:
  std::string peer_;
  TimerWheel &timers_;
  std::shared_ptr<repl::ReplicationChannel> channel_;
};

void runPrimary(TimerWheel &timers) {
  StandbyLink standby("standby-dr:5433", timers);
  standby.start();
  standby.ship("wal:0001");
  standby.reconnect();
  standby.ship("wal:0002"); // OK: reconnect() replaced the closed channel
  timers.tick();
  standby.stop();
  timers.tick(); // OK: the standby heartbeat was cancelled in stop()

  ReplicaLink replica("replica-2:5433", timers);
  replica.start();
  replica.ship("wal:0003");
  timers.tick();
  replica.reconnect();
  replica.ship("wal:0004");
  timers.tick(); // BUG: use-after-close #stale_heartbeat
  replica.stop();
}

int main() {
  TimerWheel timers;
  runPrimary(timers);
  return 0;
}
