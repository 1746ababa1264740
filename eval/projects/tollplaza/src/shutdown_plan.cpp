// The shutdown plan: what stops in which order when the plaza is asked to
// stop. runShutdown() (shutdown_runner.cpp) runs the steps in this order.
#include "shutdown.h"

#include "plaza.h"

#include <cstdio>

namespace toll {

std::vector<ShutdownStep> buildShutdownPlan(Plaza &p) {
  std::vector<ShutdownStep> steps;
  steps.push_back({"stop camera reader", [&p] { p.anpr().stop(); }});
  steps.push_back({"stop intake and bill queued passages", [&p] { p.drainPassages(); }});
  steps.push_back({"shift report", [&p] { p.writeShiftReport(); }});
  steps.push_back({"drain lane dispatch", [&p] { p.pool().drain(); }});
  steps.push_back({"goodbye to lanes", [&p] { p.links().broadcast("DISPLAY PLAZA CLOSING"); }});
  steps.push_back({"close lanes", [&p] { p.links().closeAll(); }});
  steps.push_back({"stop retry timer", [&p] { p.retry().stop(); }});
  steps.push_back({"stop violation forwarder", [&p] { p.forwarder().stop(); }});
  steps.push_back({"close producer", [&p] {
                     p.producer()->flush();
                     p.producer()->close();
                   }});
  steps.push_back({"notify expired unpaid passages", [&p] {
                     p.notifyExpiredUnpaid(); // BUG: use-after-close #latenotify
                   }});
  steps.push_back({"health", [&p] {
                     const Health h = p.probe().probeOnce(); // OK: probeOnce() reports a closed producer as down without sending
                     std::fprintf(stderr, "shutdown: kafka %s\n", toString(h));
                   }});
  steps.push_back({"final health report", [&p] {
                     p.probe().reportFinal("plaza stopping"); // BUG: use-after-close #finalprobe
                   }});
  steps.push_back({"close billing sessions", [&p] { p.billing().closeAll(); }});
  steps.push_back({"close journal", [&p] {
                     Result r = p.journal().close();
                     if (!r.ok())
                       std::fprintf(stderr, "shutdown: %s\n", r.error().c_str());
                   }});
  steps.push_back({"close audit uplink", [&p] {
                     if (p.auditUplink())
                       p.auditUplink()->close();
                   }});
  return steps;
}

} // namespace toll
