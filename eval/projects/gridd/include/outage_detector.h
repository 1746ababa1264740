// Tracks meters that sent a "last gasp" before losing power, reports outages
// and restorations to billing (outage credits), and drops the links of
// meters that went dark. Events that could not be published are parked in a
// backlog and retried by flushBacklog().
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "audit_log.h"
#include "billing_publisher.h"
#include "ingest_queues.h"
#include "link_table.h"

class OutageDetector {
public:
  OutageDetector(LinkTable &links, AuditLog &audit);

  void bind(std::shared_ptr<BillingPublisher> publisher);
  void onLastGasp(const OutageEvent &e);
  void onRestore(const OutageEvent &e);
  std::size_t flushBacklog();
  // Stops parking events; whatever is still parked is reported as lost.
  void close();
  std::size_t openOutages() const { return down_.size(); }
  std::size_t backlog() const { return backlog_.size(); }

private:
  void emit(const BillingEvent &ev);

  LinkTable &links_;
  AuditLog &audit_;
  std::function<void(const BillingEvent &)> sink_;
  BillingBacklog backlog_{"outage-backlog", kBacklogDepth};
  std::map<std::string, std::int64_t> down_;
};
