// The daemon's stop sequence: stop taking operator input, stop background
// work, settle the journal and the bus, release the banks, then close the
// signal pipe and the diagnostics file. Daemon::shutdown() runs the steps in
// order and logs any step that throws.
#include "shutdown_plan.h"

#include "alarm_monitor.h"
#include "command_codec.h"
#include "console_server.h"
#include "diag_log.h"
#include "firmware_rollout.h"
#include "link_registry.h"
#include "notification.h"
#include "reconciliation_writer.h"
#include "service_slots.h"
#include "signal_pipe.h"
#include "work_pool.h"

#include <limits>

std::vector<ShutdownStep> buildShutdownPlan(const ShutdownTargets &targets) {
  const ShutdownTargets t = targets;
  std::vector<ShutdownStep> steps;

  steps.push_back({"stop operator console", [t] { t.console.stop(); }});
  steps.push_back({"abort firmware rollout", [t] {
                     if (t.firmware.active())
                       t.firmware.abort("daemon shutdown");
                   }});
  steps.push_back({"drain work pool", [t] {
                     t.pool.drain();
                     t.pool.stop();
                   }});
  steps.push_back({"stop journal flusher", [t] {
                     if (t.slots.flusher)
                       t.slots.flusher->requestStop();
                   }});
  steps.push_back({"close audit journal", [t] {
                     if (t.slots.journal && t.slots.journal->isOpen())
                       t.slots.journal->close(); // SAME: flushrace
                   }});
  steps.push_back({"join journal flusher", [t] {
                     if (t.slots.flusher)
                       t.slots.flusher->join();
                   }});
  steps.push_back({"stop alarm paging", [t] { t.alarms.stop(); }});
  steps.push_back({"drain notification outbox", [t] {
                     t.slots.publisher->pump(std::numeric_limits<std::size_t>::max());
                   }});
  steps.push_back({"close notification publisher", [t] {
                     t.slots.publisher->close(); // OK
                   }});
  steps.push_back({"release banks", [t] {
                     t.registry.closeAll(displayText("Temporarily closed - parcels are safe"));
                   }});
  steps.push_back({"announce stop", [t] {
                     t.slots.publisher->publish(systemNotice("lockerd stopped")); // BUG: use-after-close
                   }});
  steps.push_back({"write partial reconciliation", [t] {
                     t.recon.scheduleNightly(t.pool, t.slots.publisher, t.day); // BUG: use-after-close #late_recon
                   }});
  steps.push_back({"flush bus mirror", [t] {
                     if (!t.slots.mirror)
                       return;
                     t.slots.mirror->forward(std::numeric_limits<std::size_t>::max());
                     t.slots.mirror->stop();
                   }});
  steps.push_back({"close temperature log", [t] {
                     if (t.slots.temps)
                       t.slots.temps->close();
                   }});
  steps.push_back({"close signal pipe", [t] { t.signals.close(); }});
  steps.push_back({"close diagnostics", [t] { t.diag.close(); }});
  return steps;
}
