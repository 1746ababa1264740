// Emergency stop, from the safety loop or the stage manager's button: the
// loop is tripped, no more GOs, every lineset drops to its brakes, the iron
// (fire curtain) comes in, the board stops and the house lights come up.
#include "axislife.h"
#include "promptbook.h"
#include "stagehouse.h"

namespace cued {

namespace {
constexpr double kIronSpeed = 0.3; // m/s: the iron's certified closing speed
}

void Stagehouse::emergencyStop(const std::string &why) {
  if (downed_)
    return;
  downed_ = true;
  safety_.trip(why);
  promptBook().record("ESTOP", why);

  goLine_->stop();
  player_.stop();
  promptBook().record("ESTOP", "stack held before " + player_.nextCue()); // OK: nextCue() only reads the loaded stack
  hands_.cancelPending();
  hands_.drain();

  flyrail_->haltAll();
  flyrail_->axis("IRON").moveTo(0.0, kIronSpeed); // BUG: use-after-close
  if (!bus_->closed())
    cutDrives(*bus_);

  board_.stopAll();
  board_.at("houselights").command("level", 1.0); // BUG: use-after-close
  foh_->post("house: show stopped");
}

} // namespace cued
