// ProxyConfig: the proxy's settings, parsed from a "key = value" file.
//
//   listen_port = 6432
//   admin_port = 6433
//   backend.primary = 10.0.0.5:5432 primary
//   backend.replica1 = 10.0.0.6:5432 replica
//   user = app
//   password = secret
//   database = appdb
//   ...
//
// load() throws std::runtime_error on an unreadable file or a malformed line;
// validate() throws std::runtime_error when the settings cannot work together.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sqlproxy {

using Clock = std::chrono::steady_clock;

struct BackendAddr {
  std::string name;     // logical name used by the router, health checker and admin
  std::string host;     // dotted IPv4 address
  uint16_t port = 5432;
  bool primary = false; // writes go to the primary, reads may go to replicas

  std::string describe() const;
  bool sameEndpoint(const BackendAddr &other) const;
};

struct BackendAuth {
  std::string user;
  std::string password;
  std::string database;
};

struct PoolSettings {
  std::size_t minIdle = 1;
  std::size_t maxIdle = 8;
  std::size_t maxSize = 32;
  std::chrono::seconds idleTimeout{300};
  std::chrono::milliseconds connectTimeout{2000};
  bool validateOnBorrow = false;
  // Run on every connection given back to a pool. RESET ALL (not DISCARD ALL)
  // so that the statement cache's prepared statements survive.
  std::string resetQuery = "RESET ALL";
};

class ProxyConfig {
public:
  static ProxyConfig load(const std::string &path);
  void validate() const;

  uint16_t listenPort = 6432;
  uint16_t adminPort = 6433;
  std::vector<BackendAddr> backends;
  BackendAuth auth;
  PoolSettings pool;
  std::size_t workerThreads = 4;
  std::size_t queueDepth = 1024;
  std::size_t maxResultBytes = 64u << 20;
  std::chrono::milliseconds healthInterval{1000};
  std::chrono::milliseconds metricsInterval{5000};
  std::chrono::microseconds slowQueryThreshold{500000};
  std::string queryLogPath = "/var/log/sqlproxy/query.log";
  std::size_t queryLogMaxBytes = 256u << 20;
  std::string slowLogPath;
  std::string metricsPath = "/var/lib/sqlproxy/metrics.prom";
  std::string metricsHistoryPath = "/var/lib/sqlproxy/metrics.csv";
  bool metricsDurable = true;
};

} // namespace sqlproxy
