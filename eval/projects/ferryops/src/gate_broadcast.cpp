// Gate broadcasts. At boarding close every open gate shows the closing
// notice and is shut down, and the duty gate's display gets a summary line.
// broadcastNotice() skips closed gates. reconnectAll() shuts every link down
// and swaps in freshly connected ones before greeting them.
#include "gate_ops.h"

#include <cerrno>
#include <memory>
#include <utility>

namespace ferry {

Status announceBoardingClosed(GateRegistry &reg, const Sailing &sailing, GateId dutyGate) {
  const Frame closing = Frame::notice("BOARDING CLOSED " + sailing.id);
  int failures = 0;
  reg.forEach([&](GateId, GateChannel &ch) {
    if (!ch.isOpen())
      return;
    if (!ch.sendFrame(closing).ok()) // OK: each gate is shut down only after its own notice
      ++failures;
    ch.shutdown();
  });
  if (GateChannel *duty = reg.find(dutyGate)) {
    const Status st = duty->sendFrame(Frame::notice("ALL GATES CLOSED " + sailing.id)); // BUG: use-after-close
    if (!st.ok())
      ++failures;
  }
  if (failures > 0)
    return Status::IoError(EIO, std::to_string(failures) + " gate(s) missed the closing notice");
  return Status::Ok();
}

std::size_t broadcastNotice(GateRegistry &reg, const std::string &text) {
  std::size_t delivered = 0;
  const Frame notice = Frame::notice(text);
  reg.forEach([&](GateId, GateChannel &ch) {
    if (ch.state() == GateChannel::State::Closed)
      return;
    if (ch.sendFrame(notice).ok()) // OK: closed gates are skipped above
      ++delivered;
  });
  return delivered;
}

Status reconnectAll(GateRegistry &reg, const std::map<GateId, Endpoint> &endpoints) {
  reg.shutdownAll();
  for (const auto &entry : endpoints) {
    auto fresh = std::make_unique<GateChannel>(entry.first);
    Status st = fresh->connect(entry.second);
    if (!st.ok())
      return st;
    reg.swap(entry.first, std::move(fresh));
    st = reg.find(entry.first)->sendFrame(Frame::notice("LINK RESTORED")); // OK: swap() installed the fresh channel
    if (!st.ok())
      return st;
  }
  return Status::Ok();
}

} // namespace ferry
