// TamperMonitor: alarm handling, isolation of tampered meters, alarm acks.
#include "tamper_monitor.h"

#include <utility>

TamperMonitor::TamperMonitor(LinkTable &links, AuditLog &audit) : links_(links), audit_(audit) {}

void TamperMonitor::bind(std::shared_ptr<BillingPublisher> publisher) {
  publisher_ = std::move(publisher);
}

bool TamperMonitor::isQuarantined(const std::string &meterId) const {
  return quarantine_.count(meterId) != 0;
}

void TamperMonitor::onAlarm(const TamperAlarm &alarm) {
  audit_.record("tamper: meter %s code %d severity %d", alarm.meterId.c_str(), alarm.code,
                alarm.severity);
  if (alarm.severity >= kIsolateSeverity) {
    const DropResult dr = links_.drop(alarm.meterId);
    if (dr.dropped) {
      quarantine_.insert(alarm.meterId);
      audit_.record("tamper: meter %s isolated", alarm.meterId.c_str());
    }
  }
  report(alarm);
  links_.command(alarm.meterId, MeterCommand::Ack); // BUG: use-after-close #tamper_ack
}

void TamperMonitor::report(const TamperAlarm &alarm) {
  if (!publisher_)
    return;
  BillingEvent ev;
  ev.meterId = alarm.meterId;
  ev.kind = "tamper";
  ev.at = alarm.at;
  ev.payload = std::to_string(alarm.code) + ":" + std::to_string(alarm.severity);
  publisher_->publish(ev); // OK
}
