// Service configuration: key = value settings plus controller, group, tag and
// alarm lines. Loaded at start-up and again on SIGHUP.
#pragma once
#include "sample.h"
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace histd {

struct Endpoint {
  std::string host;
  uint16_t port = 502;
  uint8_t unit = 1;

  bool operator==(const Endpoint &o) const {
    return host == o.host && port == o.port && unit == o.unit;
  }
  bool operator!=(const Endpoint &o) const { return !(*this == o); }
  std::string str() const;
};

struct ControllerConfig {
  std::string id;
  Endpoint endpoint;
};

struct AlarmRule {
  uint32_t tagId = 0;
  std::string name;
  double low = 0.0;
  double high = 0.0;
  int holdOffSec = 60;
};

struct Config {
  std::string dataDir = "/var/lib/histd";
  std::string spillDir = "/var/lib/histd/spill";
  std::string exportDir = "/var/lib/histd/export";
  std::string spoolDir = "/var/spool/histd";
  std::string statusPath = "/run/histd/status";
  std::string pidFile = "/run/histd/histd.pid";
  std::string eventLog = "/var/log/histd/events.log";
  std::string kafkaBrokers;
  std::string alarmTopic = "plant.alarms";
  std::string exportTopic = "historian.exports";
  std::string upstream;
  std::string site = "plant";
  std::string metricsTarget;
  unsigned pollThreads = 4;
  unsigned exportWorkers = 2;
  uint64_t maxSegmentBytes = 64ull << 20;
  int staleAfterMs = 10000;
  int retentionDays = 90;
  int linkTimeoutMs = 1500;
  int reconnectBackoffMs = 5000;
  int maxFaults = 3;
  int tickMs = 250;
  unsigned revision = 0;
  std::vector<ControllerConfig> controllers;
  std::vector<TagGroup> groups;
  std::vector<AlarmRule> alarms;

  const ControllerConfig *controller(const std::string &id) const;
};

class ConfigError : public std::runtime_error {
public:
  ConfigError(const std::string &file, int line, const std::string &what);
};

Config loadConfig(const std::string &path);

} // namespace histd
