// Dispatches each door event to the components that care about it.
#pragma once
#include "door_event.h"

#include <cstddef>

class AlarmMonitor;
class CompartmentStore;
class DiagLog;
class FirmwareRollout;
class LinkRegistry;
class PickupCodeService;
class ReconciliationWriter;
struct ServiceSlots;

class EventRouter {
public:
  EventRouter(CompartmentStore &store, LinkRegistry &registry, ServiceSlots &slots,
              PickupCodeService &pickup, AlarmMonitor &alarms, ReconciliationWriter &recon,
              FirmwareRollout &firmware, DiagLog &diag);

  void route(const DoorEvent &ev);
  std::size_t unjournaled() const { return unjournaled_; }

private:
  void journal(const DoorEvent &ev);
  void recordTemperature(const DoorEvent &ev);

  CompartmentStore &store_;
  LinkRegistry &registry_;
  ServiceSlots &slots_;
  PickupCodeService &pickup_;
  AlarmMonitor &alarms_;
  ReconciliationWriter &recon_;
  FirmwareRollout &firmware_;
  DiagLog &diag_;
  std::size_t unjournaled_ = 0;
};
