// Agent configuration ("key = value" file).
#pragma once
#include "logship/upstream.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace logship {

struct UpstreamSpec {
  std::string name;
  Endpoint endpoint;
};

struct Config {
  std::vector<std::string> files;
  std::vector<UpstreamSpec> upstreams; // first one is the primary
  std::optional<Endpoint> standby;
  std::string spoolDir = "/var/spool/logship";
  std::size_t spoolMaxBytes = 64u << 20;
  std::string checkpointPath = "/var/lib/logship/offsets";
  std::string metricsBrokers = "localhost:9092";
  std::string metricsTopic = "logship.metrics";
  std::string deadLetterTopic = "logship.deadletter";
  std::string farewell; // sent to the primary on shutdown when set
  std::size_t batchLines = 500;
  std::size_t maxLinesPerRead = 2000;
  std::size_t workers = 2;
  std::chrono::milliseconds batchDelay{1000};
  std::chrono::milliseconds heartbeat{10000};
  std::chrono::milliseconds metricsInterval{15000};
  std::chrono::milliseconds checkpointInterval{5000};
};

bool parseEndpoint(const std::string &text, Endpoint *out);
std::optional<Config> loadConfig(const std::string &path, std::string *err);
void dumpConfig(const Config &cfg, std::FILE *out);

} // namespace logship
