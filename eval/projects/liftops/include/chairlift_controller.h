// ChairliftController: drives one detachable chairlift through its LiftLink
// and reports to patrol dispatch. The link is shared with the registry and
// with the wind-hold commander.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "lift_link.h"
#include "patrol_dispatch.h"
#include "status.h"

namespace liftops {

class ChairliftController {
public:
  ChairliftController(std::string id, std::shared_ptr<LiftLink> link,
                      std::shared_ptr<DispatchChannel> dispatch);
  ~ChairliftController();

  Status start();
  void setSpeed(int pct);
  void windHold();
  void stop();
  void emergencyStop(const std::string &reason);
  bool stopped() const { return stopped_; }
  LiftLink &link() { return *link_; }
  const std::string &id() const { return id_; }
  const std::optional<LiftTelemetry> &lastSeen() const { return lastSeen_; }

private:
  void recordFinalPosition();

  std::string id_;
  std::shared_ptr<DispatchChannel> dispatch_;
  std::shared_ptr<LiftLink> link_;
  bool stopped_ = false;
  std::optional<LiftTelemetry> lastSeen_;
};

} // namespace liftops
