// goniod — the periodic self-test, run on the control loop's thread: ring
// current through the PV gateway, a PING to every running component, the
// trigger unit's state; the report goes to the logbook. Every use is guarded:
// the gateway by an alive() result taken on this thread (only this thread
// closes it, in the staged shutdown, after the beats stopped), components by
// running(), the logbook by is_open(). Correct as written.
#include "checkup.h"

#include <cstdio>

#include "elog.h"

namespace goniod {

CheckupReport run_checkup(PvConn &gateway, Apparatus &apparatus, TriggerUnit &trigger) {
  CheckupReport report;
  const bool gateway_ok = gateway.alive();
  if (gateway_ok)
    report.notes.push_back("ring current " + gateway.request("GET SR:CURRENT")); // OK: alive() checked on the only thread that closes the gateway
  else
    report.faults.push_back("PV gateway link is closed");

  for (const std::string &label : apparatus.labels()) {
    const auto part = apparatus.lookup(label);
    if (!part || !part->running()) {
      report.faults.push_back(label + " is stopped");
      continue;
    }
    part->command("PING"); // OK: running() checked; components are stopped on this thread only
  }

  if (trigger.state() == TriggerState::Faulted)
    report.faults.push_back("trigger unit faulted, timing link dropped");
  return report;
}

void log_checkup(const CheckupReport &report) {
  if (!elog().is_open()) {
    std::fprintf(stderr, "goniod: checkup with the logbook closed: %zu faults\n",
                 report.faults.size());
    return;
  }
  for (const std::string &note : report.notes)
    elog().append("checkup: " + note);
  for (const std::string &fault : report.faults)
    elog().append("checkup FAULT: " + fault);
}

} // namespace goniod
