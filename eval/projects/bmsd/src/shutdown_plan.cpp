// The shutdown plan: stop intake first (listener, signals, commands), then
// the producers of work (sessions, monitors, meter), then the sinks (alarm
// publisher, trend log, event bus), and finally persist the point database.
#include "shutdown_plan.h"

#include "daemon.h"
#include "diagnostics.h"

namespace bmsd {

std::vector<ShutdownStep> buildShutdownPlan(Daemon &d) {
  std::vector<ShutdownStep> plan;
  plan.push_back({"stop accepting controllers", [&d] { d.listener().stop(); }});
  plan.push_back({"stop signal delivery", [&d] { d.signals().closeWriteEnd(); }});
  plan.push_back({"stop command intake", [&d] { d.dispatcher().stop(); }});
  plan.push_back({"drain work queue", [&d] {
                    d.pool().drain(); // OK: drain() only waits, also on a queue that start() stopped
                  }});
  plan.push_back({"close controller sessions", [&d] {
                    d.registry().closeAll("bmsd shutting down"); // OK: the work queue has drained and nothing posts to it any more
                  }});
  plan.push_back({"stop door monitor", [&d] { d.doors().stop(); }});
  plan.push_back({"disconnect elevator gateway", [&d] { d.elevators().disconnect(); }});
  plan.push_back({"stop energy meter", [&d] {
                    if (d.meter())
                      d.meter()->stop();
                  }});
  plan.push_back({"stop alarm rules", [&d] { d.rules().quiesce(); }});
  plan.push_back({"close alarm publisher", [&d] { d.alarms().close(); }});
  plan.push_back({"publish pending alarms", [&d] {
                    d.rules().drain();
                    const std::size_t sent = d.alarms().publishPending(); // BUG: use-after-close #plan-order
                    d.diag().info("shutdown: %zu pending alarms published", sent);
                  }});
  plan.push_back({"stop work queue", [&d] {
                    d.pool().stop(); // BUG: double-close
                  }});
  plan.push_back({"stop trend flusher", [&d] { d.flusher().stop(); }});
  plan.push_back({"close trend log", [&d] {
                    d.trend().close(); // OK: the flusher thread was joined by the previous step
                  }});
  plan.push_back({"close event bus", [&d] { d.bus().close(); }});
  plan.push_back({"save point snapshot", [&d] {
                    Status st = d.db().saveSnapshot(d.config().snapshotPath);
                    if (!st.good())
                      d.diag().warn("shutdown: %s", st.toString().c_str());
                  }});
  return plan;
}

} // namespace bmsd
