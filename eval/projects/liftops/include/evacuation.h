// EvacuationPlan: rope evacuation of a stopped chairlift, the drive turning
// the haul rope slowly so patrol can reach each loaded chair.
#pragma once
#include <memory>

#include "chairlift_controller.h"
#include "patrol_dispatch.h"
#include "status.h"

namespace liftops {

class EvacuationPlan {
public:
  EvacuationPlan(ChairliftController &chair, std::shared_ptr<DispatchChannel> dispatch);
  Status execute(int chairsLoaded);

private:
  ChairliftController &chair_;
  std::shared_ptr<DispatchChannel> dispatch_;
};

} // namespace liftops
