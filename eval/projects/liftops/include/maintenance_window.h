// MaintenanceWindow: takes a lift off line for drive maintenance and brings
// it back, or swaps/decommissions its drive link.
#pragma once
#include <string>

#include "lift_registry.h"
#include "lift_types.h"
#include "status.h"

namespace liftops {

class MaintenanceWindow {
public:
  explicit MaintenanceWindow(LiftRegistry &registry);
  Status begin(const std::string &liftId);
  Status finish(const std::string &liftId);
  Status swapDrive(const LiftConfig &config);
  void decommission(const std::string &liftId);

private:
  LiftRegistry &registry_;
};

} // namespace liftops
