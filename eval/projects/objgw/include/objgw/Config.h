// Gateway configuration: storage backends, the optional replica, file locations and periods.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace objgw {

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
  std::string str() const { return host + ":" + std::to_string(port); }
};

struct BackendSpec {
  std::string name;
  Endpoint endpoint;
};

struct Config {
  std::vector<BackendSpec> backends;
  std::optional<Endpoint> replica;
  std::string accessLogPath = "objgw-access.log";
  std::string statsPath = "objgw-stats.log";
  std::string spoolDir = "/tmp";
  std::string brokers = "localhost:9092";
  std::string topic = "objgw.events";
  int ioTimeoutMs = 2000;
  std::chrono::milliseconds healthPeriod{5000};
  std::chrono::milliseconds rotatePeriod{3600 * 1000};
  std::chrono::milliseconds metricsInterval{10000};
  std::chrono::milliseconds uploadTtl{15 * 60 * 1000};
  std::chrono::milliseconds replicationRetry{2000};

  // Reads "key = value" lines from path. A missing file yields the defaults; a
  // malformed line throws std::runtime_error. Without any "backend" line one
  // local backend (127.0.0.1:9100) is assumed.
  static Config load(const std::string &path);

  // Applies one configuration line; returns false when the line is malformed.
  // Blank lines and '#' comments are accepted and ignored.
  bool apply(const std::string &line);
};

} // namespace objgw
