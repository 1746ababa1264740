// AdminServer: operator commands (status, log rotation, audit settings,
// shutdown), typed on the admin socket or sent by the controller agent.
// Runs on the main loop's thread.
#pragma once
#include "telemetry/bounded_queue.h"

#include <memory>
#include <string>

namespace telemetry {

class AdminSession;
class LogRotator;
class UpstreamClient;

struct AdminCommand {
  enum class Kind {
    Status,
    RotateLog,
    ReopenLog,
    AuditBrokers,
    AuditReconnect,
    AuditOff,
    Shutdown,
    Unknown
  };
  Kind kind = Kind::Unknown;
  std::string argument;
  std::string issuer;
};

AdminCommand parseAdminCommand(const std::string &line,
                               const std::string &issuer);
const char *toString(AdminCommand::Kind kind) noexcept;

class AdminServer {
public:
  AdminServer(std::weak_ptr<UpstreamClient> audit, LogRotator &accessLog,
              BoundedQueue<AdminCommand> &queue);

  /// Serves one session until the operator quits or hangs up.
  void serve(AdminSession &session);
  /// Queues a command for processPending(); false when it cannot be queued.
  bool post(AdminCommand cmd);
  void processPending();
  void stop();
  bool stopRequested() const noexcept { return stopRequested_; }

private:
  std::string dispatch(const AdminCommand &cmd);
  std::string cmdStatus();
  std::string cmdAuditBrokers(const AdminCommand &cmd);
  std::string cmdAuditReconnect(const AdminCommand &cmd);
  void audit(const std::string &line);

  std::weak_ptr<UpstreamClient> audit_;
  LogRotator &accessLog_;
  BoundedQueue<AdminCommand> &queue_;
  bool stopRequested_ = false;
  bool quiet_ = false;
};

} // namespace telemetry
