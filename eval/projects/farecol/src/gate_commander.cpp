// Gate commands and gate lifecycle: commands for one gate, emergency free exit for a whole
// station, retiring a gate, and swapping a gate's controller board.
#include "gate_commander.h"
#include "diagnostics.h"
#include "wire.h"

#include <utility>

namespace farecol {

GateCommander::GateCommander(LinkRegistry &registry, Diagnostics &diag) : registry_(registry), diag_(diag) {}

bool GateCommander::enqueue(GateCommandRequest request) { return requests_.offer(std::move(request)); }

std::size_t GateCommander::processQueued() {
  std::size_t handled = 0;
  while (std::optional<GateCommandRequest> req = requests_.tryPop()) {
    ++handled;
    switch (req->action) {
    case GateCommandRequest::Action::Command: {
      Status st = command(req->target, req->command);
      if (st.failed())
        diag_.warn("gate %s: %s requested by %s failed: %s", req->target.c_str(), gateCommandName(req->command),
                   req->requestedBy.c_str(), st.describe().c_str());
      break;
    }
    case GateCommandRequest::Action::StationFreeExit: {
      const std::size_t n = emergencyFreeExit(req->target);
      diag_.warn("station %s: emergency free exit on %zu gates (requested by %s)", req->target.c_str(), n,
                 req->requestedBy.c_str());
      break;
    }
    case GateCommandRequest::Action::Retire: {
      Status st = retireGate(req->target);
      if (st.failed())
        diag_.warn("retiring %s failed: %s", req->target.c_str(), st.describe().c_str());
      break;
    }
    }
  }
  return handled;
}

void GateCommander::stop() {
  requests_.close();
  while (std::optional<GateCommandRequest> req = requests_.tryPop()) // OK
    diag_.warn("dropping queued request for %s from %s", req->target.c_str(), req->requestedBy.c_str());
}

Status GateCommander::command(const std::string &gateId, GateCommand cmd) {
  DeviceLink *link = registry_.find(gateId);
  if (!link)
    return Status::notFound("gate " + gateId);
  if (!link->isOpen())
    return Status::closed("link to " + gateId);
  link->sendCommand(cmd); // OK
  link->flush();          // OK
  return Status::success();
}

std::size_t GateCommander::emergencyFreeExit(const std::string &stationCode) {
  const std::string frame = wire::encodeCommand(GateCommand::EmergencyFreeExit);
  std::size_t reached = 0;
  for (const std::string &id : registry_.idsAtStation(stationCode)) {
    PushResult r = registry_.pushTo(id, frame);
    if (r.ok())
      ++reached;
    else
      diag_.error("emergency free exit not delivered to %s (%s)", id.c_str(), r.linkClosed ? "offline" : "unknown");
  }
  return reached;
}

Status GateCommander::retireGate(const std::string &gateId) {
  if (!registry_.find(gateId))
    return Status::notFound("gate " + gateId);
  diag_.info("retiring gate %s", gateId.c_str());
  registry_.disconnect(gateId);
  sendFinalLock(gateId); // BUG: use-after-close #finallock
  registry_.detach(gateId);
  return Status::success();
}

void GateCommander::sendFinalLock(const std::string &gateId) {
  DeviceLink *link = registry_.find(gateId);
  if (!link)
    return;
  link->sendCommand(GateCommand::Lock); // SAME: finallock
}

Status GateCommander::swapController(const std::string &gateId, std::unique_ptr<DeviceLink> fresh) {
  if (!fresh || fresh->deviceId() != gateId)
    return Status::invalid("controller link for " + gateId);
  registry_.disconnect(gateId);
  Status st = registry_.attach(std::move(fresh));
  if (st.failed())
    return st;
  registry_.find(gateId)->sendCommand(GateCommand::Normal); // OK
  return st;
}

} // namespace farecol
