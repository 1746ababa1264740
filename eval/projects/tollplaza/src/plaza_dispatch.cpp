// Lane dispatch: frames for the lane displays are sent from the worker pool
// so the control loop never blocks on a slow lane controller.
#include "plaza.h"

#include <utility>

namespace toll {

void Plaza::dispatch(LaneId lane, std::string frame) {
  std::shared_ptr<LaneLink> link = links_.find(lane);
  if (!link || !link->isOpen())
    return;
  pool_.post([link, frame = std::move(frame)] {
    link->send(frame); // BUG: use-after-close #dispatchorder
  });
}

void Plaza::quarantineLane(LaneId lane, const std::string &reason) {
  std::shared_ptr<LaneLink> link = links_.find(lane);
  if (!link)
    return;
  link->close();
  replies_.laneDown(lane, reason);
  supervisor_.retire(lane);
  pool_.post([link, reason] {
    link->send("DISPLAY LANE CLOSED: " + reason); // BUG: use-after-close
  });
}

void Plaza::laneRecovered(LaneId lane, std::shared_ptr<LaneLink> fresh) {
  links_.replace(lane, std::move(fresh));
  replies_.laneUp(lane);
  dispatch(lane, encodeTariff(tariff_)); // OK: replace() closed the old link and put the fresh one under the same key
}

} // namespace toll
