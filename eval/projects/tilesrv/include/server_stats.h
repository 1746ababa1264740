// Server-wide counters and the JSON served by STATS and the admin socket.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "cache_stats.h"

namespace tilesrv {

struct ServerStats {
  std::uint64_t accepted = 0;
  std::uint64_t rejected = 0;
  std::uint64_t requests = 0;
  std::uint64_t renders = 0;
  std::uint64_t renderFailures = 0;
  std::uint64_t evictedIdle = 0;
  std::uint64_t purged = 0;
  std::uint64_t reloads = 0;
};

struct StatusSnapshot {
  ServerStats server;
  CacheStats cache;
  std::size_t sessions = 0;
  std::size_t renderBacklog = 0;
  std::size_t originLinks = 0;
  bool originHealthy = false;
  std::uint64_t metricsDropped = 0;
  std::uint64_t generation = 0;
};

std::string toJson(const StatusSnapshot &snapshot);
std::string toText(const StatusSnapshot &snapshot);

} // namespace tilesrv
