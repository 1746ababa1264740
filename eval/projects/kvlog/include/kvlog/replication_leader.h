// Leader side of replication. Every committed WAL frame is queued on each
// follower's FollowerStream (data channel); control traffic (pings, terms) goes
// over the followers' net::Connection in the FollowerTable. A heartbeat timer
// queues lease renewals, checks follower lag and lets the reconnector re-dial
// followers. stop() is idempotent; the destructor calls it.
#pragma once
#include "kvlog/follower_stream.h"
#include "kvlog/follower_table.h"
#include "kvlog/heartbeat_timer.h"
#include "kvlog/reconnector.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace kvlog {

class ReplicationLeader {
public:
  ReplicationLeader(std::chrono::milliseconds heartbeat, std::chrono::milliseconds followerTimeout,
                    Reconnector::Dialer dial);
  ~ReplicationLeader();

  void start();
  void stop();
  void addFollower(const std::string &id, const std::string &endpoint);
  void removeFollower(const std::string &id);
  void streamRecord(const std::string &frame);
  void announceTerm(std::uint64_t term);
  void onAck(const std::string &id, std::uint64_t seq);

private:
  void onHeartbeat();
  void checkLag();

  const std::chrono::milliseconds heartbeatInterval_;
  const std::chrono::milliseconds followerTimeout_;
  Reconnector::Dialer dial_;
  FollowerTable followers_;
  Reconnector reconnector_;
  HeartbeatTimer heartbeat_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<FollowerStream>> streams_;
  std::map<std::string, std::chrono::steady_clock::time_point> lastAck_;
  std::uint64_t term_ = 1;
  bool stopped_ = false;
};

} // namespace kvlog
