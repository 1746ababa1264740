// Daemon configuration, filled in by ConfigLoader.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace kvlog {

struct FollowerConfig {
  std::string id;
  std::string endpoint;
};

struct Config {
  std::string dataDir = "./data";
  std::string walDir = "./data/wal";
  long walSegmentBytes = 64L << 20;
  std::size_t memtableFlushBytes = 4u << 20;
  std::string listenAddress = "127.0.0.1";
  int listenPort = 7400;
  unsigned handlerThreads = 4;
  unsigned compactionThreads = 2;
  std::string adminSocketPath = "./data/admin.sock";
  std::string kafkaBrokers;
  std::string cdcTopic = "kvlog.cdc";
  std::string cdcSpoolPath = "./data/cdc.spool";
  std::string metricsPath = "./data/metrics.log";
  int metricsIntervalMs = 10000;
  std::string logPath;
  std::string slowLogPath;
  int heartbeatMs = 500;
  int followerTimeoutMs = 5000;
  std::vector<FollowerConfig> followers;
};

} // namespace kvlog
