// ConfigReloader: applies a new bmsd.conf on SIGHUP without a restart. It
// swaps the Kafka producer, reconnects or disables the event bus, replaces
// the energy meter, re-links the audit trail and announces the revision on
// the report portal's feed.
#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "config.h"
#include "messaging.h"
#include "netconn.h"
#include "status.h"

namespace bmsd {

class AlarmPublisher;
class AlarmRulesEngine;
class BusSink;
class Diagnostics;
class EnergyMeter;
class PointDatabase;
class PublisherWatchdog;
class SessionRegistry;

struct ReloadTargets {
  AlarmPublisher &alarms;
  PublisherWatchdog &watchdog;
  BusSink &bus;
  AlarmRulesEngine &rules;
  SessionRegistry &registry;
  PointDatabase &db;
  std::unique_ptr<EnergyMeter> &meter;
};

class ConfigReloader {
public:
  ConfigReloader(Config initial, Diagnostics &diag);

  Status reload(const std::string &path, ReloadTargets &targets);
  Config current() const;
  unsigned revision() const;

private:
  Status applyBrokersLocked(const Config &next, ReloadTargets &t);
  void applyBusLocked(const Config &next, ReloadTargets &t);
  void applyMeterLocked(const Config &next, ReloadTargets &t);
  void applyRosterLocked(const Config &next, ReloadTargets &t);
  void applyAuditLocked(const Config &next);
  void announceLocked(const Config &next);

  mutable std::mutex mu_;
  Config current_;
  Diagnostics &diag_;
  std::optional<net::Connection> auditLink_;
  std::shared_ptr<EventChannel> reportFeed_;
  unsigned revision_ = 0;
};

} // namespace bmsd
