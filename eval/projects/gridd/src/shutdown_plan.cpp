// The shutdown stage list: stop taking work, drain what is in flight, say
// goodbye to the meters, finish background jobs, then close the sinks and
// the audit trail.
#include "shutdown_plan.h"

#include <utility>

#include "audit_log.h"
#include "compactor.h"
#include "export_service.h"
#include "health_checker.h"
#include "ingest_pipeline.h"
#include "link_acceptor.h"
#include "link_table.h"
#include "outage_detector.h"
#include "task_executor.h"

std::vector<ShutdownStage> buildShutdownPlan(ShutdownContext &c) {
  std::vector<ShutdownStage> plan;
  plan.push_back({"stop-accepting", [&c] { c.acceptor.close(); }});
  plan.push_back({"stop-health", [&c] { c.health.stop(); }});
  plan.push_back({"stop-ingest", [&c] { c.pipeline.stop(); }});
  plan.push_back({"drain-links", [&c] {
                    for (Reading &r : c.drainLinks())
                      c.pipeline.submit(std::move(r)); // BUG: use-after-close #stage_drain
                  }});
  plan.push_back({"bye-links", [&c] {
                    for (MeterLink *link : c.links.snapshot())
                      if (link->isOpen())
                        c.executor.post([link] { link->command(MeterCommand::Bye, 0); }); // OK
                    c.executor.quiesce();
                    c.links.closeAll(); // OK
                  }});
  plan.push_back({"flush-outages", [&c] {
                    c.outages.flushBacklog();
                    c.outages.close();
                  }});
  plan.push_back({"stop-compactor", [&c] { c.compactor.stop(); }});
  plan.push_back({"final-exports", [&c] { c.exports.submitPending(); }});
  plan.push_back({"halt-executor", [&c] { c.executor.halt(); }}); // SAME: export_chain
  plan.push_back({"close-sinks", [&c] { c.closeSinks(); }});
  plan.push_back({"close-audit", [&c] { c.audit.close(); }});
  return plan;
}
