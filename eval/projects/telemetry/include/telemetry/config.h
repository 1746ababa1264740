// Service configuration, read from a "key = value" file.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace telemetry {

struct Config {
  std::string instance = "ingest-1";
  std::uint16_t port = 7070;
  std::string adminSocket = "/run/telemetry/admin.sock";
  std::string brokers = "localhost:9092";
  std::string backupBrokers;
  std::string auditBrokers;
  std::string metricsTopic = "telemetry.metrics";
  std::string spoolDir = "/var/spool/telemetry";
  std::string archiveDir = "/var/spool/telemetry/archive";
  std::string prioritySegment;
  std::string accessLogPath = "/var/log/telemetry/access.log";
  std::size_t logMaxBytes = 16u << 20;
  int logKeep = 5;
  std::string statsdHost = "127.0.0.1";
  int statsdPort = 8125;
  std::string controllerAgent;
  std::size_t maxAgents = 1024;
  std::size_t inboxCapacity = 100000;
  std::size_t batchSize = 500;
  std::size_t tenantQuotaBytes = 64u << 20;
  std::size_t spoolSegmentBytes = 8u << 20;
  std::size_t maxSpillLines = 50000;
  std::size_t replayThreads = 4;
  bool announceFailoverOnOldCluster = false;
};

/// Throws std::runtime_error on an unreadable file or a bad value.
Config loadConfig(const std::string &path);

} // namespace telemetry
