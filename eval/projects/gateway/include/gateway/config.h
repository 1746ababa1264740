// Gateway settings, read from a key=value file by loadConfig() (config.cpp).
// No markers in this file.
#pragma once
#include <chrono>
#include <string>

namespace gateway {

struct Config {
  std::string brokers = "localhost:9092";
  std::string instance;
  std::string spoolPath = "gateway.spool";
  std::string metricsPath = "gateway.metrics";
  std::string controlEndpoint = "control:7000";
  std::string monitorEndpoint = "monitor:7100";
  std::string primaryUpstream = "upstream-a:7200";
  std::string backupUpstream;
  int maxControlErrors = 3;
  int workerThreads = 2;
  bool legacyGreeting = false;
  std::chrono::milliseconds heartbeatEvery{5000};
  std::chrono::milliseconds keepAliveEvery{30000};
};

Config loadConfig(const std::string &path);

} // namespace gateway
