// DoorMonitor: door points (0 closed, 1 open, 2 forced open) become door
// events; the monitor's thread evaluates them, raises door-forced alarms at
// once and door-held-open alarms after the limit, and reports every event to
// the access callbacks.
#include "door_monitor.h"

#include "defer.h"
#include "diagnostics.h"
#include "format.h"
#include "thread_util.h"

namespace bmsd {

DoorEvent DoorEvent::monitorOffline(std::chrono::system_clock::time_point at) {
  DoorEvent e;
  e.door = "*";
  e.controllerId = "bmsd";
  e.kind = Kind::MonitorOffline;
  e.at = at;
  return e;
}

static const char *doorKindName(DoorEvent::Kind k) {
  switch (k) {
  case DoorEvent::Kind::Opened:
    return "opened";
  case DoorEvent::Kind::Closed:
    return "closed";
  case DoorEvent::Kind::Forced:
    return "forced";
  case DoorEvent::Kind::HeldOpen:
    return "held-open";
  case DoorEvent::Kind::MonitorOffline:
    return "monitor-offline";
  }
  return "unknown";
}

std::string doorEventToJson(const DoorEvent &e) {
  return "{\"door\":\"" + jsonEscape(e.door) + "\",\"controller\":\"" +
         jsonEscape(e.controllerId) + "\",\"event\":\"" + doorKindName(e.kind) +
         "\",\"at\":\"" + isoTime(e.at) + "\"}";
}

DoorMonitor::DoorMonitor(Diagnostics &diag, std::size_t queueDepth,
                         std::chrono::seconds heldOpenLimit)
    : diag_(diag), heldOpenLimit_(heldOpenLimit), events_("door events", queueDepth) {}

DoorMonitor::~DoorMonitor() {
  events_.close(); // OK: a second close() of the mailbox does nothing
  if (worker_.joinable())
    worker_.join();
}

void DoorMonitor::onAlarm(AlarmCallback cb) { alarmCallbacks_.push_back(std::move(cb)); }

void DoorMonitor::onAccessEvent(AccessCallback cb) {
  accessCallbacks_.push_back(std::move(cb));
}

void DoorMonitor::attachAccessLog(std::shared_ptr<kafka::KafkaProducer> producer,
                                  std::string topic) {
  onAccessEvent([producer, topic](const DoorEvent &e) {
    producer->send(kafka::ProducerRecord{topic, doorEventToJson(e)}); // BUG: use-after-close #access-log
  });
}

void DoorMonitor::start() {
  if (worker_.joinable())
    return;
  worker_ = startThread([this] { run(); });
}

void DoorMonitor::ingest(const PointValue &pv) {
  if (pv.kind != PointKind::DoorState)
    return;
  DoorEvent e;
  e.door = pv.name;
  e.controllerId = pv.controllerId;
  e.at = pv.at;
  if (pv.value >= 1.5)
    e.kind = DoorEvent::Kind::Forced;
  else if (pv.value >= 0.5)
    e.kind = DoorEvent::Kind::Opened;
  else
    e.kind = DoorEvent::Kind::Closed;
  if (events_.closed())
    return;
  if (!events_.push(std::move(e))) // OK: only stop(), on this same thread, closes the queue
    diag_.warn("door monitor: event queue full, dropped %s", pv.name.c_str());
}

void DoorMonitor::stop() {
  auto joinWorker = defer([this] {
    if (worker_.joinable())
      worker_.join();
  });
  events_.close();
  events_.push(DoorEvent::monitorOffline(std::chrono::system_clock::now())); // BUG: use-after-close
}

void DoorMonitor::run() {
  for (;;) {
    std::optional<DoorEvent> e = events_.pop(std::chrono::milliseconds(500)); // OK: pop() hands out the rest after close()
    if (!e) {
      if (events_.closed())
        return;
      checkHeldOpen(std::chrono::system_clock::now());
      continue;
    }
    evaluate(*e);
  }
}

void DoorMonitor::evaluate(const DoorEvent &e) {
  DoorState &st = doors_[e.door];
  switch (e.kind) {
  case DoorEvent::Kind::Opened:
    if (!st.open) {
      st.open = true;
      st.openedAt = e.at;
      st.heldAlarmed = false;
    }
    break;
  case DoorEvent::Kind::Closed:
    if (st.heldAlarmed)
      fireAlarm(Alarm{e.controllerId, e.door, Severity::Minor, "door closed", e.at, true});
    st.open = false;
    st.heldAlarmed = false;
    break;
  case DoorEvent::Kind::Forced:
    st.open = true;
    st.openedAt = e.at;
    fireAlarm(Alarm{e.controllerId, e.door, Severity::Critical, "door forced open", e.at, false});
    break;
  case DoorEvent::Kind::HeldOpen:
  case DoorEvent::Kind::MonitorOffline:
    break;
  }
  notifyAccess(e);
}

void DoorMonitor::checkHeldOpen(std::chrono::system_clock::time_point now) {
  for (auto &[door, st] : doors_) {
    if (!st.open || st.heldAlarmed || now - st.openedAt < heldOpenLimit_)
      continue;
    st.heldAlarmed = true;
    fireAlarm(Alarm{"door-monitor", door, Severity::Major, "door held open", now, false});
    DoorEvent held;
    held.door = door;
    held.kind = DoorEvent::Kind::HeldOpen;
    held.at = now;
    notifyAccess(held);
  }
}

void DoorMonitor::fireAlarm(const Alarm &a) {
  for (const AlarmCallback &cb : alarmCallbacks_) {
    try {
      cb(a);
    } catch (const std::exception &ex) {
      diag_.warn("door monitor: alarm callback failed: %s", ex.what());
    }
  }
}

void DoorMonitor::notifyAccess(const DoorEvent &e) {
  for (const AccessCallback &cb : accessCallbacks_) {
    try {
      cb(e);
    } catch (const std::exception &ex) {
      diag_.warn("door monitor: access callback failed for %s: %s", e.door.c_str(),
                 ex.what());
    }
  }
}

} // namespace bmsd
