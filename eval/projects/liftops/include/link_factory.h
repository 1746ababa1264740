// Factories for lift links and for the "commander" closures that other
// components store to drive a lift without knowing about its link.
#pragma once
#include <functional>
#include <memory>

#include "lift_link.h"
#include "lift_types.h"

namespace liftops {

using Commander = std::function<void(const LiftCommand &)>;

std::shared_ptr<LiftLink> makeLink(const LiftConfig &config);
Status openWithRetry(LiftLink &link, int attempts);

/// Sends straight to the link it holds.
Commander makeCommander(std::shared_ptr<LiftLink> link);
/// Holds the link weakly and drops commands for a gone or closed link.
Commander makeSafeCommander(std::weak_ptr<LiftLink> link);

} // namespace liftops
