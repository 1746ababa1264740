// Tamper alarms and chilled-compartment temperatures: locks a tampered bank
// down, raises alarm notifications and forwards them to the on-call pager.
#pragma once
#include "door_event.h"
#include "messaging.h"

#include <memory>

class DiagLog;
class LinkRegistry;
class NotificationPublisher;
class ReminderTimers;

class AlarmMonitor {
public:
  AlarmMonitor(LinkRegistry &registry, ReminderTimers &timers, std::shared_ptr<EventChannel> pager,
               DiagLog &diag, double maxCelsius);
  ~AlarmMonitor();

  void bindPublisher(std::shared_ptr<NotificationPublisher> publisher);
  void onTamper(const DoorEvent &ev);
  void onTemperature(const DoorEvent &ev);
  void stop();

private:
  LinkRegistry &registry_;
  ReminderTimers &timers_;
  std::shared_ptr<EventChannel> pager_;
  DiagLog &diag_;
  const double maxCelsius_;
  std::shared_ptr<NotificationPublisher> publisher_;
  bool stopped_ = false;
};
