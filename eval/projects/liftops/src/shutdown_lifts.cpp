// stopLifts(): stops every chairlift, parks and closes the gondola, closes
// whatever registry links are still open, then reports to dispatch (closed
// by the "dispatch" step that Resort::shutdown() runs first) and sends a
// hold to every registry link, all of which it has just closed. Also called
// by the ops console for a wind closure, while dispatch is still open.
#include "resort.h"
#include "shutdown.h"

namespace liftops {

void stopLifts(Resort &resort) {
  for (auto &chair : resort.chairlifts()) {
    chair->stop();
    resort.bus().emit("lift.status", chair->id() + " stopped");
  }
  resort.gondola().shutdown(); // OK: shutdown() runs its close once
  resort.bus().emit("lift.status", "gondola parked, stations closed");
  resort.registry().closeAll();
  resort.dispatch()->post({"lifts", "all lifts stopped, drives closed", 1}); // BUG: use-after-close
  resort.registry().broadcast({LiftCommand::Hold, 0}); // BUG: use-after-close #registry-broadcast
}

} // namespace liftops
