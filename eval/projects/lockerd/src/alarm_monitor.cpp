// AlarmMonitor: a tamper alarm takes the bank off the network and locks it
// down; an over-temperature reading in a chilled compartment raises an alarm
// and schedules a follow-up. Alarm notifications are copied to the on-call
// pager by a listener on the publisher.
#include "alarm_monitor.h"

#include "command_codec.h"
#include "diag_log.h"
#include "link_registry.h"
#include "notification.h"
#include "notification_publisher.h"
#include "reminder_timers.h"

#include <cstdio>

namespace {
constexpr std::time_t kTemperatureFollowUp = 15 * 60;
}

AlarmMonitor::AlarmMonitor(LinkRegistry &registry, ReminderTimers &timers,
                           std::shared_ptr<EventChannel> pager, DiagLog &diag, double maxCelsius)
    : registry_(registry), timers_(timers), pager_(std::move(pager)), diag_(diag),
      maxCelsius_(maxCelsius) {}

AlarmMonitor::~AlarmMonitor() {
  stop(); // OK
}

void AlarmMonitor::bindPublisher(std::shared_ptr<NotificationPublisher> publisher) {
  publisher->onPublished([pager = pager_](const Notification &n) {
    if (n.kind != NotificationKind::Alarm)
      return;
    pager->send(n.subject + ": " + n.body); // BUG: use-after-close
  });
  publisher_ = std::move(publisher);
}

void AlarmMonitor::onTamper(const DoorEvent &ev) {
  const bool paging = !stopped_;
  diag_.warn("bank %s: tamper alarm on compartment %d", ev.bankId.c_str(), ev.compartment);

  std::shared_ptr<BankLink> link = registry_.takeOut(ev.bankId);
  if (link) {
    BankLink *bank = link.get();
    retireLink(std::move(link), "tamper alarm", diag_);
    bank->push(lockAll()); // BUG: use-after-close
  }

  publisher_->publish(alarmNotice(ev.bankId, "tamper alarm, compartment " +
                                                 std::to_string(ev.compartment) + ", bank locked"));
  if (paging)
    pager_->send("TAMPER " + ev.bankId + " compartment " + std::to_string(ev.compartment)); // OK
}

void AlarmMonitor::onTemperature(const DoorEvent &ev) {
  if (ev.celsius <= maxCelsius_)
    return;

  char reading[32];
  std::snprintf(reading, sizeof reading, "%.1f", ev.celsius);
  publisher_->publish(alarmNotice(ev.bankId, "chilled compartment " + std::to_string(ev.compartment) +
                                                 " at " + reading + " C"));
  if (registry_.isOnline(ev.bankId))
    registry_.pushTo(ev.bankId, displayText("Cooling fault - compartment " +
                                            std::to_string(ev.compartment)));

  timers_.schedule(ev.at + kTemperatureFollowUp,
                   [publisher = publisher_, bank = ev.bankId, compartment = ev.compartment] {
                     if (publisher->isClosed())
                       return;
                     publisher->publish(alarmNotice( // OK
                         bank, "follow-up: check chilled compartment " + std::to_string(compartment)));
                   });
}

void AlarmMonitor::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  pager_->close();
}
