// status_reporter.cpp: StatusReporter, service-level records (dropped
// metrics, final totals) on the audit stream, through a weak_ptr to the audit
// client that main owns.
#include "telemetry/status_reporter.h"
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"

#include <sstream>

namespace telemetry {
namespace {
constexpr const char *kAuditTopic = "telemetry.audit";
} // namespace

StatusReporter::StatusReporter(std::weak_ptr<UpstreamClient> audit,
                               std::string instance)
    : audit_(std::move(audit)), instance_(std::move(instance)) {}

void StatusReporter::reportDropped(std::size_t dropped) {
  if (dropped == 0)
    return;
  auto up = audit_.lock();
  if (!up || up->isClosed()) {
    logWarn("status: audit unavailable, " + std::to_string(dropped) +
            " dropped metrics not reported");
    return;
  }
  up->publish(kAuditTopic, instance_ + " dropped " + std::to_string(dropped) + " metrics"); // OK: isClosed() checked after lock()
}

void StatusReporter::reportTotals(const Totals &totals) {
  auto up = audit_.lock();
  if (!up)
    return; // the audit client is gone
  std::ostringstream line;
  line << instance_ << " totals accepted=" << totals.accepted
       << " spooled=" << totals.spooled << " spilled=" << totals.spilled
       << " dropped=" << totals.dropped << " agents=" << totals.agents;
  up->publish(kAuditTopic, line.str()); // SAME: final-totals
}

} // namespace telemetry
