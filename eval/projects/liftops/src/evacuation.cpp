// EvacuationPlan: announces the evacuation, stops the chairlift (which
// closes its drive link) and then drives the rope slowly through a
// reference to that same link.
#include "evacuation.h"

#include <utility>

namespace liftops {

EvacuationPlan::EvacuationPlan(ChairliftController &chair,
                               std::shared_ptr<DispatchChannel> dispatch)
    : chair_(chair), dispatch_(std::move(dispatch)) {}

Status EvacuationPlan::execute(int chairsLoaded) {
  LiftLink &drive = chair_.link();
  if (dispatch_->isOpen())
    dispatch_->post({chair_.id(), "rope evacuation starting", 3}); // OK: checked open
  chair_.stop();
  if (chairsLoaded > 0)
    drive.sendCommand({LiftCommand::Evacuate, 15}); // BUG: use-after-close
  return Status::ok();
}

} // namespace liftops
