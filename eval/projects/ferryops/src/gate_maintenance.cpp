// Gate maintenance from the duty desk: taking a gate out of service for the
// technician (the acknowledgement is collected on the crew pool so the desk
// does not block), and moving a gate to a new controller address: the new
// controller is connected and swapped in, the old one told where traffic went
// and shut down.
#include "gate_ops.h"

#include <cstdio>
#include <memory>
#include <utility>

namespace ferry {

void takeGateOffline(GateRegistry &reg, Crew &crew, GateId id, const std::string &reason) {
  GateChannel *ch = reg.find(id);
  if (ch == nullptr)
    return;
  ch->sendFrame(Frame::notice("OUT OF SERVICE: " + reason));
  ch->shutdown();
  crew.post([ch, id] {
    Frame ack;
    const Status st = ch->readFrame(ack, 2000); // BUG: use-after-close
    if (!st.ok())
      std::fprintf(stderr, "gate %u: no out-of-service ack: %s\n", id, st.toString().c_str());
  });
}

Status moveGateController(GateRegistry &reg, GateId id, const Endpoint &ep) {
  GateChannel *cur = reg.find(id);
  if (cur == nullptr)
    return Status::Invalid("unknown gate " + std::to_string(id));
  GateChannel &previous = *cur;

  auto fresh = std::make_unique<GateChannel>(id);
  Status st = fresh->connect(ep);
  if (!st.ok())
    return st;
  std::unique_ptr<GateChannel> retired = reg.swap(id, std::move(fresh));
  retired->sendFrame(Frame::notice("CONTROLLER MOVED TO " + ep.host));
  retired->shutdown();

  st = reg.find(id)->sendFrame(Frame::config("MODE BOARDING")); // OK: find() returns the fresh channel
  if (!st.ok())
    return st;
  previous.sendFrame(Frame::notice("HANDOVER COMPLETE")); // BUG: use-after-close
  return Status::Ok();
}

} // namespace ferry
