// Daemon configuration, read from a key=value file. Lists are comma separated.
#pragma once
#include "fare_engine.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace farecol {

class Diagnostics;

struct Config {
  std::string journalDir = "/var/lib/farecol/journal";
  std::string stateDir = "/var/lib/farecol";
  std::string exportDir = "/var/lib/farecol/export";
  std::string auditPath = "/var/log/farecol/audit.log";
  std::string diagnosticsPath;
  std::string brokers = "localhost:9092";
  std::string topicPrefix = "farecol";
  std::string opsFeedEndpoint;
  std::string operatorNotify;
  std::string deviceAddress = "0.0.0.0";
  std::uint16_t devicePort = 7400;
  std::string reportAddress = "127.0.0.1";
  std::uint16_t reportPort = 0;
  std::uint16_t probePort = 0;
  std::size_t maxWaitingClients = 8;
  std::vector<std::string> operators;
  std::vector<std::string> stationFeeds;
  std::set<std::string> quarantinedDevices;
  int dayCutoverHour = 3;
  unsigned poolThreads = 4;
  std::size_t tapQueueCapacity = 8192;
  int idleLimitSeconds = 120;
  int offlineGraceSeconds = 900;
  int flushPeriodMs = 500;
  int maxTripSeconds = 4 * 3600;
  FareTable fares;

  std::string indexPath() const { return journalDir + "/taps.idx"; }
  std::string denyStatePath() const { return stateDir + "/denylist.version"; }
};

std::optional<Config> loadConfig(const std::string &path, Diagnostics &diag);
std::vector<std::string> splitList(const std::string &value);

} // namespace farecol
