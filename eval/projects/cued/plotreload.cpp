// Reloads the line plot between shows (after the rigging crew re-trims or
// re-hangs a lineset): the go line pauses, the rail is rebuilt from the new
// plot and the new drives park, then the revolve turns back to its home mark.
#include "promptbook.h"
#include "stagehouse.h"

namespace cued {

void Stagehouse::reloadPlot() {
  LinePlot fresh;
  if (!fresh.load(plotPath_)) {
    promptBook().record("cued", "plot reload rejected: " + fresh.error());
    return;
  }
  goLine_->stop();
  hands_.cancelPending();
  hands_.drain();

  plot_ = std::move(fresh);
  flyrail_.reset();
  flyrail_ = std::make_unique<Flyrail>(plot_, bus_);
  flyrail_->parkAll(hands_); // OK: the rail was rebuilt on the line above
  hands_.drain();

  revolve_->home(); // BUG: use-after-close #revolvehome
  promptBook().record("cued", "plot reloaded: " +
                                  std::to_string(plot_.lines().size()) + " axes");
  goLine_->start();
}

} // namespace cued
