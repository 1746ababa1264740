// Applies a new configuration to a running daemon by replacing the
// components in ServiceSlots whose settings changed.
#pragma once
#include "config.h"
#include "status.h"

class AlarmMonitor;
class DiagLog;
class PickupCodeService;
class WorkPool;
struct ServiceSlots;

class ConfigReloader {
public:
  ConfigReloader(ServiceSlots &slots, WorkPool &pool, PickupCodeService &pickup, AlarmMonitor &alarms,
                 DiagLog &diag);

  Status apply(const Config &previous, const Config &next);

private:
  Status reloadJournal(const Config &next);
  Status reloadPublisher(const Config &next);
  Status reloadMirror(const Config &next);
  Status reloadTemperatures(const Config &previous, const Config &next);

  ServiceSlots &slots_;
  WorkPool &pool_;
  PickupCodeService &pickup_;
  AlarmMonitor &alarms_;
  DiagLog &diag_;
};
