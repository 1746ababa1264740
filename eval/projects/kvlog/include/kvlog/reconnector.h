// Re-dials followers. tick() runs on the replication heartbeat thread: it
// re-dials every follower whose control connection was marked down, and
// replaces the connection of followers that failed too often.
#pragma once
#include "kvlog/follower_table.h"

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace kvlog {

class Reconnector {
public:
  using Dialer = std::function<FollowerTable::ConnPtr(const std::string &endpoint)>;
  static constexpr int kMaxFailures = 3;

  Reconnector(FollowerTable &table, Dialer dial);
  void tick();
  void noteFailure(const std::string &id);
  void noteAck(const std::string &id, std::uint64_t seq);

private:
  std::vector<std::string> flakyFollowers();
  void clearFailures(const std::string &id);
  std::string resumeFrame(const std::string &id);

  FollowerTable &table_;
  Dialer dial_;
  std::mutex mu_;
  std::map<std::string, int> failures_;
  std::map<std::string, std::uint64_t> acked_;
};

} // namespace kvlog
