// AuditAlarmLog: an alarm observer that writes every alarm to the audit trail. Alarms start
// a fresh audit file once the current one passes rotate_at bytes, so the alarm history is
// easy to find. It skips alarms after the trail was finalized for the night.
#include "alarm_log.h"

#include <cstdio>

namespace tubed {

namespace {
const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Info:
      return "info";
    case Severity::Warning:
      return "warning";
    case Severity::Critical:
      return "CRITICAL";
  }
  return "?";
}
}  // namespace

AuditAlarmLog::AuditAlarmLog(std::shared_ptr<AlarmBus> bus, std::shared_ptr<AuditWriter> audit, std::size_t rotate_at)
    : bus_(bus), audit_(std::move(audit)), rotate_at_(rotate_at) {
  bus->subscribe(this);
}

AuditAlarmLog::~AuditAlarmLog() {
  if (auto bus = bus_.lock()) bus->unsubscribe(this);
}

void AuditAlarmLog::on_alarm(const Alarm& alarm) {
  if (!audit_->is_open()) return;  // finalized for the night
  if (audit_->bytes_written() >= rotate_at_) {
    Status s = audit_->rotate();
    if (!s.is_ok()) std::fprintf(stderr, "tubed: audit rotation failed: %s\n", s.to_string().c_str());
  }
  audit_->write(std::string("alarm ") + severity_name(alarm.severity) + " " + alarm.source + ": " + alarm.text); // BUG: use-after-close
}

}  // namespace tubed
