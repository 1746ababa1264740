// Loading master's console: deck alarms, recovery after a shore-power dip
// (the PLC link drops with it), recovery after a lost PLC link, and holding
// the ramp while foot passengers cross.
#include "deck.h"

#include <thread>

namespace ferry {

void handleDeckAlarm(RampController &ramp, DeckLoader &loader, const DeckAlarm &alarm) {
  if (alarm.severity == Severity::Critical) {
    loader.stop();
    ramp.stop();
  }
  if (alarm.kind == AlarmKind::TideLimit)
    ramp.raise(); // BUG: use-after-close #rampraise
}

Status recoverFromShorePowerLoss(RampController &ramp, std::chrono::seconds settle) {
  ramp.stop();
  std::this_thread::sleep_for(settle);
  ramp.resume();
  return ramp.lower(); // BUG: use-after-close #rampresume
}

Status recoverFromLinkLoss(RampController &ramp, const Endpoint &plc) {
  ramp.stop();
  Status st = ramp.reconnect(plc);
  if (!st.ok())
    return st;
  return ramp.lower(); // OK: reconnect() installed a fresh link
}

Status holdForPedestrians(RampController &ramp, std::chrono::seconds hold) {
  ramp.pause();
  std::this_thread::sleep_for(hold);
  ramp.resume();
  const bool linkUp = !ramp.stopped();
  if (!linkUp)
    return Status::Closed("ramp stopped during the hold");
  return ramp.lower(); // OK: pause() keeps the link, and a stopped ramp returns above
}

} // namespace ferry
