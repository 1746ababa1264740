// Weaving shed loom monitor. Each loom reports picks, warp breaks and shuttle
// jams on an event channel to the shed dashboard, and a replication channel
// mirrors the shift counters to the mill office. A shuttle jam or a loom taken
// out of service closes the loom's channel; the senders check the channel
// before sending, in the shapes the monitor grew over time.
#include <string>
#include <vector>

#include "messaging.h"
#include "replication.h"

namespace weaving {

struct LoomTick {
  int loom = 0;
  long picks = 0;
  int warpBreaks = 0;
  bool shuttleJam = false;
  bool outOfService = false;
};

std::string describe(const LoomTick &t);
std::string counters(const std::vector<LoomTick> &shift);

void reportTick(EventChannel &dash, const LoomTick &t, bool dashboardBusy) {
  if (t.shuttleJam && dash.isOpen())
    dash.close();
  if (!dash.isOpen() || dashboardBusy)
    return;
  dash.send(describe(t)); // OK
}

void reportBreaks(EventChannel &dash, const LoomTick &t) {
  const bool open = dash.isOpen();
  if (t.outOfService && open)
    dash.close();
  if (!open)
    return;
  dash.send("breaks " + std::to_string(t.warpBreaks)); // BUG: use-after-close
}

void reportPicks(EventChannel &dash, const LoomTick &t) {
  if (t.outOfService && dash.isOpen())
    dash.close();
  const bool open = dash.isOpen();
  if (!open)
    return;
  dash.send("picks " + std::to_string(t.picks)); // OK
}

void streamShift(EventChannel &dash, const std::vector<LoomTick> &ticks) {
  for (const LoomTick &t : ticks) {
    if (!dash.isOpen())
      break;
    dash.send(describe(t)); // OK
    if (t.shuttleJam)
      dash.close();
  }
}

void mirrorCounters(repl::ReplicationChannel &office,
                    const std::vector<LoomTick> &shift, bool officeBusy) {
  for (const LoomTick &t : shift)
    if (t.outOfService && !office.IsClosed()) {
      office.close();
      break;
    }
  if (office.IsClosed() && officeBusy)
    return;
  office.send(counters(shift)); // BUG: use-after-close
}

void mirrorShiftTotals(repl::ReplicationChannel &office,
                       const std::vector<LoomTick> &shift, bool officeBusy) {
  for (const LoomTick &t : shift)
    if (t.outOfService && !office.IsClosed()) {
      office.close();
      break;
    }
  if (office.IsClosed() || officeBusy)
    return;
  office.send(counters(shift)); // OK
  office.flush(); // OK
}

} // namespace weaving
