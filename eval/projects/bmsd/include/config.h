// Config: bmsd.conf, a key = value file (one "rule = ..." line per alarm rule).
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "alarm.h"
#include "status.h"

namespace bmsd {

struct Config {
  std::uint16_t listenPort = 47900;
  unsigned maxControllers = 512;
  unsigned workerThreads = 4;
  std::string trendDir = "/var/lib/bmsd/trend";
  std::string reportDir = "/var/lib/bmsd/reports";
  std::string snapshotPath = "/var/lib/bmsd/points.snapshot";
  std::string schedulePath = "/etc/bmsd/schedules.conf";
  std::string overridesPath = "/etc/bmsd/overrides.conf";
  std::string diagnosticsPath; // empty: stderr
  std::string kafkaBrokers = "localhost:9092";
  std::string alarmTopic = "bms.alarms";
  std::string accessTopic = "bms.access";
  std::string busEndpoint;
  std::string meterEndpoint = "ipc:///run/bmsd/metering";
  std::string auditEndpoint;
  std::string reportFeedEndpoint;
  std::string elevatorGateway;
  std::chrono::seconds idleTimeout{90};
  std::chrono::seconds ackTimeout{30};
  std::chrono::seconds meterInterval{60};
  std::chrono::seconds heldOpenLimit{120};
  std::size_t reportMaxRows = 50000;
  std::vector<std::string> allowedControllers; // empty: any
  std::vector<std::string> floors;             // report order; empty: all
  std::vector<AlarmRule> rules;
};

Status loadConfig(const std::string &path, Config &out);
Status parseRule(const std::string &text, AlarmRule &out);

} // namespace bmsd
