// Handles tamper alarms (cover opened, magnetic field, reverse flow): audits
// them, reports them to billing, isolates meters whose alarm is severe, and
// acknowledges the alarm so the meter stops repeating it.
#pragma once
#include <cstddef>
#include <memory>
#include <set>
#include <string>

#include "audit_log.h"
#include "billing_publisher.h"
#include "link_table.h"

class TamperMonitor {
public:
  static constexpr int kIsolateSeverity = 4;

  TamperMonitor(LinkTable &links, AuditLog &audit);

  void bind(std::shared_ptr<BillingPublisher> publisher);
  void onAlarm(const TamperAlarm &alarm);
  std::size_t quarantined() const { return quarantine_.size(); }
  bool isQuarantined(const std::string &meterId) const;

private:
  void report(const TamperAlarm &alarm);

  LinkTable &links_;
  AuditLog &audit_;
  std::shared_ptr<BillingPublisher> publisher_;
  std::set<std::string> quarantine_;
};
