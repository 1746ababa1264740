// Shift and lane totals to the audit topic, through a producer created for
// the occasion, with the sends done on worker pools.
#include "central_uplink.h"
#include "scope_exit.h"
#include "shift_report.h"
#include "worker_pool.h"

#include <messaging.h>

#include <memory>

namespace toll {

namespace {
const char kAuditTopic[] = "toll.audit.shift";
}

void publishShiftTotals(WorkerPool &pool, const std::string &brokers, const ShiftTotals &totals) {
  std::shared_ptr<kafka::KafkaProducer> audit(kafka::createProducer(brokers));
  for (const auto &entry : totals.lanes) {
    kafka::ProducerRecord rec{kAuditTopic, totals.shiftId + " " + encodeTotals(entry.second)};
    pool.post([audit, rec] {
      audit->send(rec); // BUG: use-after-close #totalsrace
    });
  }
  audit->close(); // SAME: totalsrace
}

void publishShiftTotalsDrained(const std::string &brokers, const ShiftTotals &totals) {
  std::shared_ptr<kafka::KafkaProducer> audit(kafka::createProducer(brokers));
  WorkerPool pool("shift-audit", 2);
  for (const auto &entry : totals.lanes) {
    kafka::ProducerRecord rec{kAuditTopic, totals.shiftId + " " + encodeTotals(entry.second)};
    pool.post([audit, rec] {
      audit->send(rec); // OK: every task runs before drain() returns, and the close follows drain()
    });
  }
  pool.drain();
  audit->flush();
  audit->close(); // OK: drain() ran every posted task and joined the workers
}

void publishLaneTotals(const std::string &brokers, const std::map<LaneId, LaneTotals> &lanes) {
  std::shared_ptr<kafka::KafkaProducer> audit(kafka::createProducer(brokers));
  WorkerPool pool("lane-audit", 2);
  auto closeAudit = makeScopeExit([audit] { audit->close(); }); // SAME: lanesorder
  for (const auto &entry : lanes) {
    kafka::ProducerRecord rec{kAuditTopic, "lane " + encodeTotals(entry.second)};
    pool.post([audit, rec] {
      audit->send(rec); // BUG: use-after-close #lanesorder
    });
  }
}

} // namespace toll
