// Daemon configuration ("key = value" file, repeated keys append to lists).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace dnscache {

struct Config {
  std::vector<std::string> udpListen;
  std::string tcpListen = "127.0.0.1:53";
  std::string controlSocket = "/run/dnscache/control.sock";
  std::vector<std::string> upstreams;
  std::size_t connectionsPerUpstream = 4;
  int upstreamTimeoutMs = 1500;
  int maxAttempts = 3;
  int healthIntervalSec = 5;
  std::size_t cacheEntries = 100000;
  std::string snapshotPath = "/var/lib/dnscache/cache.snap";
  int snapshotIntervalSec = 300;
  bool durableSnapshots = false;
  std::string queryLog = "/var/log/dnscache/queries.log";
  std::string errorLog;
  std::string logLevel = "info";
  std::string hostsFile = "/etc/dnscache/hosts";
  std::string zoneFile;
  std::string kafkaBrokers;
  std::string kafkaTopicPrefix = "dnscache";
  std::string metricsSpool = "/var/lib/dnscache/metrics.spool";
  std::string metricsTextfile;
  int metricsIntervalSec = 10;
  int maxPendingMetrics = 1000;
  unsigned workers = 0;
  std::string pidFile;
  int tcpIdleTimeoutMs = 10000;
  std::size_t maxTcpSessions = 256;
  bool logSummary = true;
};

/// Reads path (and the files named by "include" lines, applied afterwards in
/// order). Returns false and sets error on failure.
bool loadConfig(const std::string &path, Config &cfg, std::string &error);

} // namespace dnscache
