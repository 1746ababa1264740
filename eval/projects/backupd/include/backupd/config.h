// Config: the daemon's settings, read from a key=value file plus an optional
// "<path>.local" override file.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace backupd {

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
  std::string name() const { return host + ":" + std::to_string(port); }
};

struct Config {
  std::vector<std::string> roots;
  std::string stateDir = "/var/lib/backupd";
  std::string journalPath = "/var/lib/backupd/journal.log";
  std::string statsPath = "/var/lib/backupd/stats.log";
  std::vector<Endpoint> storage;
  Endpoint statusEndpoint;
  std::size_t connsPerEndpoint = 2;
  std::string catalogHost = "127.0.0.1";
  std::uint16_t catalogPort = 7410;
  std::string kafkaBrokers = "localhost:9092";
  std::string kafkaTopic = "backupd.progress";
  unsigned compressThreads = 2;
  unsigned uploadThreads = 2;
  std::size_t chunkSize = 4u << 20;
  std::size_t partSize = 256u << 10;
  std::uint64_t bandwidth = 0;
  std::chrono::seconds interval{3600};
  std::chrono::seconds keepalive{30};
  int indexShards = 4;
  int maxAttempts = 4;
  bool pipelineTrailers = true;

  static Config load(const std::string &path);
};

} // namespace backupd
