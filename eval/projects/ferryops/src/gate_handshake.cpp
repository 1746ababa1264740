// Bringing a gate online: connect, HELLO/ACK handshake, boarding mode.
// handshake() shuts the channel down only on its failure paths and returns
// the error; bringUpGate() returns on that error, so the channel is used
// afterwards only when the handshake succeeded. sendWithRetry() shuts the
// channel down only after the last attempt, when the loop ends.
#include "gate_ops.h"

#include <memory>
#include <utility>

namespace ferry {

Status handshake(GateChannel &ch, const std::string &terminalId) {
  Status st = ch.sendFrame(Frame::notice("HELLO " + terminalId));
  if (!st.ok()) {
    ch.shutdown();
    return st;
  }
  Frame reply;
  st = ch.readFrame(reply, 3000);
  if (!st.ok()) {
    ch.shutdown();
    return st;
  }
  if (reply.type != FrameType::Ack) {
    ch.shutdown();
    return Status::Invalid("gate " + std::to_string(ch.id()) + " refused handshake: " + reply.payload);
  }
  return Status::Ok();
}

Status bringUpGate(GateRegistry &reg, GateId id, const Endpoint &ep, const std::string &terminalId) {
  auto ch = std::make_unique<GateChannel>(id);
  Status st = ch->connect(ep);
  if (!st.ok())
    return st;
  st = handshake(*ch, terminalId);
  if (!st.ok())
    return st;
  st = ch->sendFrame(Frame::config("MODE BOARDING")); // OK: handshake() closes only on the failure path returned above
  if (!st.ok())
    return st;
  reg.add(id, std::move(ch));
  return Status::Ok();
}

Status sendWithRetry(GateChannel &ch, const Frame &frame, int attempts) {
  Status last = Status::Invalid("no attempts");
  for (int i = 0; i < attempts; ++i) {
    last = ch.sendFrame(frame); // OK: the shutdown below runs only in the final iteration
    if (last.ok() || last.code() == StatusCode::Closed)
      return last;
    if (i + 1 == attempts)
      ch.shutdown();
  }
  return last;
}

} // namespace ferry
