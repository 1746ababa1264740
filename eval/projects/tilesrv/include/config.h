// Server configuration, read from a key=value file and re-read on SIGHUP.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tilesrv {

struct ServerConfig {
  // client listener
  std::string listenHost = "0.0.0.0";
  std::uint16_t listenPort = 7070;
  int backlog = 256;
  std::size_t maxSessions = 4096;
  std::chrono::seconds sessionIdleTimeout{120};
  double requestsPerSecond = 50.0;

  std::string adminSocketPath = "/run/tilesrv/admin.sock";
  std::string pidFile = "/run/tilesrv/tilesrv.pid";

  // disk cache
  std::string cacheDir = "/var/cache/tilesrv";
  std::uint64_t segmentBytes = 256ull << 20;
  std::uint64_t compactAfterDeadRecords = 200000;
  std::chrono::milliseconds indexSyncInterval{2000};

  // origin
  std::vector<std::string> origins;
  std::string primaryOrigin;
  std::string originStoreRoot = "/mnt/origin-tiles";
  int fetchRetries = 2;
  std::chrono::seconds originKeepAlive{30};
  std::chrono::seconds originIdleLimit{120};

  // rendering
  std::size_t renderThreads = 4;
  std::size_t renderQueueDepth = 512;
  std::size_t backgroundThreads = 1;
  int maxZoom = 20;

  // publishing
  std::string brokers = "localhost:9092";
  std::string metricsTopic = "tilesrv.metrics";
  std::string auditTopic = "tilesrv.audit";
  std::string invalidationTopic;
  std::string consumerGroup = "tilesrv";

  std::string accessLogPath = "/var/log/tilesrv/access.log";
  std::uint64_t accessLogRotateBytes = 512ull << 20;

  // optional components
  std::string replicaPeer;
  std::string prefetchPlan;
  std::string prefetchEndpoint;

  std::uint64_t generation = 0;
};

// Throws std::runtime_error with the file name and line on a bad entry.
ServerConfig loadConfig(const std::string &path);
std::string describe(const ServerConfig &config);

} // namespace tilesrv
