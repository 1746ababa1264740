// Gate commands (open, lock, emergency free exit) and gate lifecycle operations. Requests
// from the back office arrive on a queue from the report thread; everything that touches a
// link runs on the main thread.
#pragma once
#include "bounded_queue.h"
#include "device_types.h"
#include "link_registry.h"
#include "status.h"

#include <memory>
#include <string>

namespace farecol {

class Diagnostics;

struct GateCommandRequest {
  enum class Action { Command, StationFreeExit, Retire };
  Action action = Action::Command;
  std::string target;
  GateCommand command = GateCommand::Open;
  std::string requestedBy;
};

class GateCommander {
public:
  GateCommander(LinkRegistry &registry, Diagnostics &diag);

  bool enqueue(GateCommandRequest request);
  std::size_t processQueued();
  void stop();

  Status command(const std::string &gateId, GateCommand cmd);
  std::size_t emergencyFreeExit(const std::string &stationCode);
  Status retireGate(const std::string &gateId);
  Status swapController(const std::string &gateId, std::unique_ptr<DeviceLink> fresh);

private:
  void sendFinalLock(const std::string &gateId);

  LinkRegistry &registry_;
  Diagnostics &diag_;
  BoundedQueue<GateCommandRequest> requests_{256};
};

} // namespace farecol
