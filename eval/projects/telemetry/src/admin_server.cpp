// admin_server.cpp: AdminServer. Parses and runs operator commands: status,
// access-log rotation and reopening, moving or reconnecting the audit stream,
// shutdown. Every command is recorded in the access log and, unless audit is
// off or down, in the audit stream.
#include "telemetry/admin_server.h"
#include "telemetry/admin_session.h"
#include "telemetry/log_rotator.h"
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"

#include <exception>
#include <map>
#include <sstream>

namespace telemetry {
namespace {
constexpr const char *kAuditTopic = "telemetry.audit";
} // namespace

AdminCommand parseAdminCommand(const std::string &line,
                               const std::string &issuer) {
  using Kind = AdminCommand::Kind;
  static const std::map<std::string, Kind> verbs = {
      {"status", Kind::Status},
      {"rotate", Kind::RotateLog},
      {"reopen", Kind::ReopenLog},
      {"audit-brokers", Kind::AuditBrokers},
      {"audit-reconnect", Kind::AuditReconnect},
      {"audit-off", Kind::AuditOff},
      {"shutdown", Kind::Shutdown},
  };
  AdminCommand cmd;
  cmd.issuer = issuer;
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  std::getline(in >> std::ws, cmd.argument);
  auto it = verbs.find(verb);
  cmd.kind = it == verbs.end() ? Kind::Unknown : it->second;
  return cmd;
}

const char *toString(AdminCommand::Kind kind) noexcept {
  switch (kind) {
  case AdminCommand::Kind::Status:
    return "status";
  case AdminCommand::Kind::RotateLog:
    return "rotate";
  case AdminCommand::Kind::ReopenLog:
    return "reopen";
  case AdminCommand::Kind::AuditBrokers:
    return "audit-brokers";
  case AdminCommand::Kind::AuditReconnect:
    return "audit-reconnect";
  case AdminCommand::Kind::AuditOff:
    return "audit-off";
  case AdminCommand::Kind::Shutdown:
    return "shutdown";
  case AdminCommand::Kind::Unknown:
    break;
  }
  return "unknown";
}

AdminServer::AdminServer(std::weak_ptr<UpstreamClient> audit,
                         LogRotator &accessLog,
                         BoundedQueue<AdminCommand> &queue)
    : audit_(std::move(audit)), accessLog_(accessLog), queue_(queue) {}

void AdminServer::serve(AdminSession &session) {
  logInfo("admin: session from " + session.peer());
  session.write("telemetry-ingest admin, 'quit' to leave\n");
  while (!session.closed()) {
    std::optional<std::string> line = session.readLine();
    if (!line) {
      session.close(); // hung up, or idle past the receive timeout
      continue;
    }
    if (*line == "quit" || *line == "exit") {
      session.write("bye\n");
      session.close();
      continue;
    }
    const AdminCommand cmd = parseAdminCommand(*line, session.peer());
    std::string reply;
    try {
      reply = dispatch(cmd);
    } catch (const std::exception &e) {
      reply = std::string("ERR ") + e.what() + "\n";
    }
    session.write(reply); // OK: every branch above that closes the session goes back to the loop test
    if (cmd.kind == AdminCommand::Kind::Shutdown)
      session.close();
  }
}

bool AdminServer::post(AdminCommand cmd) {
  if (queue_.closed())
    return false; // stop() was called: we are shutting down
  return queue_.tryPush(std::move(cmd)); // OK: only stop() closes the queue, on this same thread
}

void AdminServer::processPending() {
  while (std::optional<AdminCommand> cmd = queue_.tryPop()) {
    try {
      logInfo("admin: " + cmd->issuer + ": " + dispatch(*cmd));
    } catch (const std::exception &e) {
      logWarn("admin: " + cmd->issuer + ": " + toString(cmd->kind) +
              " failed: " + e.what());
    }
  }
}

void AdminServer::stop() {
  stopRequested_ = true;
  queue_.close();
}

std::string AdminServer::dispatch(const AdminCommand &cmd) {
  accessLog_.append(nowIso8601() + " admin " + cmd.issuer + " " +
                    toString(cmd.kind) + " " + cmd.argument + "\n");
  switch (cmd.kind) {
  case AdminCommand::Kind::Status:
    return cmdStatus();
  case AdminCommand::Kind::RotateLog:
    accessLog_.rotate();
    audit(cmd.issuer + " rotated the access log");
    return "OK rotated\n";
  case AdminCommand::Kind::ReopenLog:
    accessLog_.reopen();
    audit(cmd.issuer + " reopened the access log");
    return "OK reopened\n";
  case AdminCommand::Kind::AuditBrokers:
    return cmdAuditBrokers(cmd);
  case AdminCommand::Kind::AuditReconnect:
    return cmdAuditReconnect(cmd);
  case AdminCommand::Kind::AuditOff:
    quiet_ = true;
    return "OK audit records suppressed\n";
  case AdminCommand::Kind::Shutdown:
    audit(cmd.issuer + " requested shutdown");
    stopRequested_ = true;
    return "OK shutting down\n";
  case AdminCommand::Kind::Unknown:
    break;
  }
  return "ERR unknown command\n";
}

std::string AdminServer::cmdStatus() {
  std::ostringstream out;
  out << "access log: " << (accessLog_.isOpen() ? "open" : "closed") << "\n";
  auto up = audit_.lock();
  if (!up) {
    out << "audit: disabled\n";
    return out.str();
  }
  out << "audit: " << toString(up->state()) << ", " << up->published()
      << " records\n";
  if (!up->connected())
    return out.str();
  up->publish(kAuditTopic, "status probe " + nowIso8601()); // OK: connected() checked just above
  return out.str();
}

std::string AdminServer::cmdAuditBrokers(const AdminCommand &cmd) {
  if (cmd.argument.empty())
    return "ERR usage: audit-brokers host:port[,host:port...]\n";
  auto up = audit_.lock();
  if (!up)
    return "ERR audit disabled\n";
  up->shutdown(); // flushes what is buffered for the old cluster
  up->setBrokers(cmd.argument);
  up->reconnect();
  up->publish(kAuditTopic, cmd.issuer + " moved audit records to " + cmd.argument); // BUG: use-after-close
  return "OK\n";
}

std::string AdminServer::cmdAuditReconnect(const AdminCommand &cmd) {
  auto up = audit_.lock();
  if (!up)
    return "ERR audit disabled\n";
  up->disconnect();
  if (!up->reconnect())
    return "ERR audit reconnect failed\n";
  up->publish(kAuditTopic, cmd.issuer + " reconnected audit to " + up->brokers()); // OK: reconnect() returned true, a new producer is open
  return "OK\n";
}

void AdminServer::audit(const std::string &line) {
  auto up = audit_.lock();
  if (!up || up->isClosed() || quiet_)
    return;
  up->publish(kAuditTopic, line); // OK: isClosed() checked above
}

} // namespace telemetry
