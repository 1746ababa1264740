// CommandDispatcher: takes commands from the schedules and the override
// manager (submit(), main loop), sends them to the controllers on the work
// queue's threads, holds them back while a controller is offline or has too
// many unacknowledged commands, and evicts controllers that stop acking.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "command.h"
#include "mailbox.h"
#include "point.h"

namespace bmsd {

class BusSink;
class Diagnostics;
class Metrics;
class SessionRegistry;
class WorkQueue;

class CommandDispatcher {
public:
  CommandDispatcher(SessionRegistry &registry, WorkQueue &pool, BusSink &bus,
                    Diagnostics &diag, Metrics &metrics,
                    std::chrono::seconds ackTimeout);
  ~CommandDispatcher();

  bool submit(Command cmd);
  std::size_t pump();
  void checkTimeouts(std::chrono::steady_clock::time_point now);
  void onReconnected(const std::string &controllerId);
  void onAckTimeout(const std::string &controllerId);
  void stop();

private:
  void dispatch(const Command &cmd);
  void drainQueued(const std::string &controllerId);

  SessionRegistry &registry_;
  WorkQueue &pool_;
  BusSink &bus_;
  Diagnostics &diag_;
  Metrics &metrics_;
  const std::chrono::seconds ackTimeout_;
  const std::size_t maxUnacked_ = 16;
  BoundedMailbox<Command> mailbox_;
  std::map<std::string, std::vector<Command>> queued_;
  std::uint64_t nextId_ = 1;
};

PointValue setpointWrite(const Command &cmd);

} // namespace bmsd
