// The order in which the gateway's components are shut down on SIGTERM.
#include "shutdown_plan.h"

#include "alert_publisher.h"
#include "archiver.h"
#include "command_router.h"
#include "console_hub.h"
#include "ingest_pipeline.h"
#include "session_registry.h"
#include "trip_store.h"
#include "vehicle_listener.h"
#include "watchdog.h"
#include "worker_pool.h"

namespace fleetd {

std::vector<ShutdownStep> buildShutdownPlan(const ShutdownTargets &t) {
  std::vector<ShutdownStep> plan;
  plan.push_back({"stop-listener", [&listener = t.listener] { listener.close(); }});
  plan.push_back({"stop-watchdog", [&watchdog = t.watchdog] { watchdog.stop(); }});
  plan.push_back({"stop-commands", [&commands = t.commands] { commands.stop(); }});
  plan.push_back({"close-sessions", [&registry = t.registry] { registry.closeAll("shutdown"); }});
  plan.push_back({"stop-ingest", [&ingest = t.ingest] { ingest.stop(); }});
  plan.push_back({"close-index", [&trips = t.trips] { trips.closeIndex(); }});
  plan.push_back({"finalize-trips", [&trips = t.trips] { trips.finalizeOpenTrips(); }}); // BUG: use-after-close #plan-index
  plan.push_back({"close-trips", [&trips = t.trips] { trips.closeAll(); }});
  plan.push_back({"drain-workers", [&pool = t.pool] {
                    pool.drain();
                    pool.stop();
                  }});
  plan.push_back({"stop-archiver", [&archiver = t.archiver] { archiver.stop(); }});
  plan.push_back({"close-consoles", [&consoles = t.consoles] { consoles.closeAll(); }});
  plan.push_back({"close-alerts", [&alerts = t.alerts] { alerts.close(); }});
  return plan;
}

} // namespace fleetd
