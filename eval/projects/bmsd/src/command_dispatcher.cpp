// CommandDispatcher: commands from the schedules and overrides are queued in
// a mailbox (main loop), then sent on the work queue. A controller that is
// offline or already has maxUnacked_ commands in flight gets its commands
// held in queued_ until it reconnects; a controller whose oldest command is
// older than the ack timeout is evicted.
#include "command_dispatcher.h"

#include "bus_sink.h"
#include "diagnostics.h"
#include "format.h"
#include "metrics.h"
#include "session_registry.h"
#include "work_queue.h"

namespace bmsd {

PointValue setpointWrite(const Command &cmd) {
  PointValue pv;
  pv.controllerId = cmd.controllerId;
  pv.name = cmd.point;
  pv.kind = PointKind::Setpoint;
  pv.value = cmd.value;
  pv.at = std::chrono::system_clock::now();
  return pv;
}

CommandDispatcher::CommandDispatcher(SessionRegistry &registry, WorkQueue &pool,
                                     BusSink &bus, Diagnostics &diag,
                                     Metrics &metrics,
                                     std::chrono::seconds ackTimeout)
    : registry_(registry), pool_(pool), bus_(bus), diag_(diag),
      metrics_(metrics), ackTimeout_(ackTimeout),
      mailbox_("command mailbox", 4096) {}

CommandDispatcher::~CommandDispatcher() {
  stop(); // OK: stop() only closes the mailbox, which ignores a second close
}

bool CommandDispatcher::submit(Command cmd) {
  if (mailbox_.closed()) {
    diag_.warn("dispatcher: stopped, dropping command for %s/%s",
               cmd.controllerId.c_str(), cmd.point.c_str());
    return false;
  }
  if (cmd.id == 0)
    cmd.id = nextId_++;
  if (!mailbox_.push(std::move(cmd))) { // OK: closed only by stop() on this thread
    metrics_.increment("dispatcher.mailbox_full");
    return false;
  }
  return true;
}

std::size_t CommandDispatcher::pump() {
  std::size_t n = 0;
  while (std::optional<Command> cmd = mailbox_.tryPop()) {
    dispatch(*cmd);
    ++n;
  }
  return n;
}

void CommandDispatcher::dispatch(const Command &cmd) {
  SessionRegistry::SessionPtr session = registry_.find(cmd.controllerId);
  if (!session || session->isClosed() ||
      session->unackedCount() >= maxUnacked_) {
    queued_[cmd.controllerId].push_back(cmd);
    metrics_.increment("dispatcher.held");
    return;
  }
  pool_.post([this, session, cmd] {
    session->sendCommand(cmd); // BUG: use-after-close #pool-session
    metrics_.increment("dispatcher.sent");
    bus_.publish(commandToJson(cmd));
  });
}

void CommandDispatcher::checkTimeouts(std::chrono::steady_clock::time_point now) {
  std::vector<std::string> late;
  for (const SessionRegistry::SessionPtr &session : registry_.openSessions())
    if (session->oldestUnackedAge(now) > ackTimeout_)
      late.push_back(session->id());
  for (const std::string &id : late)
    onAckTimeout(id);
}

void CommandDispatcher::onAckTimeout(const std::string &controllerId) {
  diag_.warn("dispatcher: %s stopped acknowledging commands; evicting it",
             controllerId.c_str());
  metrics_.increment("dispatcher.ack_timeouts");
  registry_.evict(controllerId, "command acknowledgement timeout");
  drainQueued(controllerId);
}

void CommandDispatcher::onReconnected(const std::string &controllerId) {
  SessionRegistry::SessionPtr session = registry_.find(controllerId);
  if (!session || session->isClosed())
    return;
  session->sendHeartbeat(std::chrono::steady_clock::now()); // OK
  drainQueued(controllerId);
}

void CommandDispatcher::drainQueued(const std::string &controllerId) {
  auto it = queued_.find(controllerId);
  if (it == queued_.end())
    return;
  std::vector<Command> held = std::move(it->second);
  queued_.erase(it);
  for (const Command &cmd : held) {
    if (cmd.kind == CommandKind::Setpoint) {
      registry_.write(controllerId, setpointWrite(cmd)); // BUG: use-after-close #evicted-write
      continue;
    }
    dispatch(cmd);
  }
}

void CommandDispatcher::stop() {
  mailbox_.close();
  while (std::optional<Command> cmd = mailbox_.tryPop()) // OK: what is left is still handed out after close()
    queued_[cmd->controllerId].push_back(*cmd);
}

} // namespace bmsd
