// AuditAlarmLog: writes every alarm to the audit trail, starting a fresh file when the
// current one passes rotate_at bytes.
#pragma once

#include <cstddef>
#include <memory>

#include "alarm_bus.h"
#include "audit_writer.h"

namespace tubed {

class AuditAlarmLog : public AlarmObserver {
 public:
  AuditAlarmLog(std::shared_ptr<AlarmBus> bus, std::shared_ptr<AuditWriter> audit, std::size_t rotate_at);
  ~AuditAlarmLog() override;
  void on_alarm(const Alarm& alarm) override;

 private:
  std::weak_ptr<AlarmBus> bus_;
  std::shared_ptr<AuditWriter> audit_;
  std::size_t rotate_at_;
};

}  // namespace tubed
