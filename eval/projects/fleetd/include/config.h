// Gateway configuration, read from a key=value file at startup and again on
// SIGHUP.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fleetd {

struct Config {
  std::uint16_t vehiclePort = 7100;
  std::string dataDir = "/var/lib/fleetd/trips";
  std::string archiveDir = "/var/lib/fleetd/archive";
  std::string exportDir = "/var/lib/fleetd/exports";
  std::string diagnosticsPath; // empty: stderr
  std::string pidFile = "/run/fleetd.pid";
  std::string metricsFile = "/run/fleetd/metrics.prom";
  std::string brokers = "localhost:9092";
  std::string alertTopic = "fleet.alerts";
  std::string rawFaultTopic = "fleet.dtc.raw";
  std::string commandTopic = "fleet.commands";
  std::string geofenceFile;
  std::string otaUrl;
  std::string liveFeedEndpoint;
  std::vector<std::string> consoleEndpoints;
  std::vector<std::string> blockedFirmware;
  bool mapOverlay = true;
  bool takeoverOnReconnect = true;
  unsigned workers = 4;
  std::size_t tripRollBytes = 8u << 20;
  std::size_t indexRollBytes = 1u << 20;
  std::size_t csvRowsPerPart = 100000;
  int csvMaxParts = 8;
  int handshakeTimeoutMs = 5000;
  std::int64_t idleTimeoutMs = 300000;
  std::int64_t staleAfterMs = 120000;
  std::int64_t lingerMs = 60000;
  std::int64_t indexRetentionMs = 30LL * 24 * 3600 * 1000;
};

// Throws std::runtime_error on unreadable files and malformed values.
Config loadConfig(const std::string &path);

} // namespace fleetd
