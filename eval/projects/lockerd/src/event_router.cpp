// EventRouter: every door event is journaled first, then handed to the
// store, the pickup-code service, the alarm monitor, the reconciliation
// writer, the temperature log or the firmware rollout as appropriate.
#include "event_router.h"

#include "alarm_monitor.h"
#include "compartment_store.h"
#include "diag_log.h"
#include "firmware_rollout.h"
#include "link_registry.h"
#include "pickup_codes.h"
#include "reconciliation_writer.h"
#include "service_slots.h"

EventRouter::EventRouter(CompartmentStore &store, LinkRegistry &registry, ServiceSlots &slots,
                         PickupCodeService &pickup, AlarmMonitor &alarms, ReconciliationWriter &recon,
                         FirmwareRollout &firmware, DiagLog &diag)
    : store_(store), registry_(registry), slots_(slots), pickup_(pickup), alarms_(alarms),
      recon_(recon), firmware_(firmware), diag_(diag) {}

void EventRouter::route(const DoorEvent &ev) {
  journal(ev);
  switch (ev.kind) {
  case DoorEventKind::DoorOpened:
  case DoorEventKind::DoorClosed:
    store_.noteDoor(ev);
    break;
  case DoorEventKind::ParcelDropped: {
    Status st = store_.markDropped(ev);
    if (st.failed()) {
      diag_.warn("bank %s: drop into unknown compartment %d", ev.bankId.c_str(), ev.compartment);
      break;
    }
    pickup_.onParcelDropped(ev);
    recon_.noteDropped(ev);
    break;
  }
  case DoorEventKind::ParcelCollected: {
    std::optional<Compartment> before = store_.markCollected(ev);
    if (!before) {
      diag_.warn("bank %s: pickup from empty compartment %d", ev.bankId.c_str(), ev.compartment);
      break;
    }
    DoorEvent collected = ev;
    collected.parcelId = before->parcelId;
    collected.carrier = before->carrier;
    pickup_.onParcelCollected(collected);
    recon_.noteCollected(collected);
    break;
  }
  case DoorEventKind::Tamper:
    alarms_.onTamper(ev);
    break;
  case DoorEventKind::Temperature:
    recordTemperature(ev);
    alarms_.onTemperature(ev);
    break;
  case DoorEventKind::FirmwareNack:
    firmware_.onNack(ev.bankId, ev.sequence);
    break;
  case DoorEventKind::Heartbeat:
    registry_.touch(ev.bankId);
    break;
  case DoorEventKind::Hello:
    break;
  }
}

void EventRouter::journal(const DoorEvent &ev) {
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (!slots_.journal || !slots_.journal->isOpen()) {
    ++unjournaled_;
    return;
  }
  Status st = slots_.journal->append(ev); // OK
  if (st.failed()) {
    ++unjournaled_;
    diag_.warn("journal: %s", st.describe().c_str());
  }
}

void EventRouter::recordTemperature(const DoorEvent &ev) {
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (slots_.temps && slots_.temps->isOpen())
    slots_.temps->record(ev); // OK
}
