// GatewayServer: reads operator commands and drives the components.
// - onControlError(): after too many errors closes the control connection
//   through closeQuietly() (util.cpp) and still reports the error on it (bug).
//   reportStatus() returns early when it is closed (quiet line).
// - disconnectClients(): Fanout::closeAll() (fanout.cpp) closes every client
//   in a loop, then the first client is sent BYE (bug).
// - endReplication(): abort() (bridge.cpp) closes the channel on a failed
//   replication, and reportProgress() sends on it on both paths (bug
//   #progress; same-marked line in bridge.cpp); finish() runs only on the
//   path where abort() did not (quiet line).
// - shutdown(): after Dispatcher::stop(), post() drops the notice (quiet
//   line); the control connection is closed again after onControlError()
//   may have closed it (quiet line: close() is idempotent); after
//   Notifier::stop() closed the shared producer, ReceiptSink's weak_ptr
//   check drops the receipt (quiet line) while AuditTrail sends on its
//   shared_ptr copy (bug #audit; same-marked line in audit.cpp).
// - handle(): the spool append is guarded by is_open() because snapshot and
//   rotate can leave the spool closed (quiet line).
#include "gateway/server.h"

#include "gateway/admin.h"
#include "gateway/audit.h"
#include "gateway/bootstrap.h"
#include "gateway/bridge.h"
#include "gateway/dispatcher.h"
#include "gateway/fanout.h"
#include "gateway/notifier.h"
#include "gateway/spool.h"
#include "gateway/util.h"

#include <sstream>

namespace gateway {

GatewayServer::GatewayServer(const Config &cfg, Components parts)
    : cfg_(cfg), parts_(parts), control_(cfg.controlEndpoint),
      pool_(static_cast<std::size_t>(cfg.workerThreads > 0 ? cfg.workerThreads : 1)) {}

void GatewayServer::run(std::istream &commands) {
  std::string line;
  while (std::getline(commands, line)) {
    std::istringstream words(line);
    std::string verb, arg, arg2;
    words >> verb >> arg;
    std::getline(words >> std::ws, arg2);
    if (verb == "quit")
      break;
    handle(verb, arg, arg2);
  }
}

void GatewayServer::handle(const std::string &verb, const std::string &arg, const std::string &arg2) {
  if (verb == "open") {
    UpstreamConn &session = registry_.open(arg, arg2.empty() ? cfg_.primaryUpstream : arg2);
    authenticate(session, "token-" + arg);
  } else if (verb == "say") {
    registry_.sendTo(arg, arg2);
  } else if (verb == "all") {
    registry_.broadcast(arg + " " + arg2);
  } else if (verb == "probe" || verb == "drain" || verb == "drain-wait") {
    UpstreamConn *session = registry_.find(arg);
    if (session == nullptr || session->isClosed())
      return;
    if (verb == "probe")
      probe(*session);
    else if (verb == "drain")
      drainSession(pool_, *session);
    else
      drainSessionAndWait(pool_, *session);
  } else if (verb == "ban") {
    parts_.audit.record("ban " + arg);
    banUser(registry_, arg);
  } else if (verb == "move") {
    moveUser(registry_, arg, arg2);
  } else if (verb == "prune") {
    registry_.prune();
  } else if (verb == "notify") {
    parts_.notifier.notify(arg, arg2);
    parts_.dispatcher.post(Notification{arg, arg2});
    parts_.receipts.ack(arg);
  } else if (verb == "halt-dispatch") {
    parts_.dispatcher.stopWithNotice(arg2.empty() ? arg : arg + " " + arg2);
  } else if (verb == "forward") {
    parts_.bridge.forward(arg, arg2);
  } else if (verb == "spool") {
    if (parts_.spool.is_open())
      parts_.spool.append(arg + " " + arg2); // OK: checked is_open()
  } else if (verb == "rotate") {
    if (parts_.spool.is_open())
      rotateSpool(parts_.spool, arg);
  } else if (verb == "snapshot") {
    if (parts_.spool.is_open())
      exportSnapshot(parts_.spool, registry_.ids());
  } else if (verb == "status") {
    reportStatus();
  } else if (verb == "error") {
    onControlError(arg + " " + arg2);
  } else if (verb == "kick-clients") {
    disconnectClients(arg + " " + arg2);
  }
}

void GatewayServer::onControlError(const std::string &what) {
  ++controlErrors_;
  if (controlErrors_ >= cfg_.maxControlErrors)
    closeQuietly(control_);
  control_.send("ERROR " + what); // BUG: use-after-close
}

void GatewayServer::reportStatus() {
  if (control_.isClosed())
    return;
  control_.send("STATUS sessions=" + std::to_string(registry_.ids().size())); // OK: returns early when closed
}

void GatewayServer::disconnectClients(const std::string &reason) {
  parts_.fanout.sendAll("NOTICE " + reason + "\n");
  parts_.fanout.closeAll();
  if (!parts_.fanout.empty())
    parts_.fanout.primary().write("BYE\n"); // BUG: use-after-close
  parts_.fanout.dropClosed();
}

void GatewayServer::endReplication(bool replicaOk) {
  if (!replicaOk)
    parts_.bridge.abort("replica reported a failure");
  parts_.bridge.reportProgress(100); // BUG: use-after-close #progress
  if (replicaOk)
    parts_.bridge.finish(); // OK: abort() ran only when !replicaOk
}

void GatewayServer::shutdown() {
  parts_.dispatcher.stop();
  parts_.dispatcher.post(Notification{"ops", "gateway stopping"}); // OK: post() checks closed() and drops it
  pool_.shutdown();
  registry_.closeAll();
  control_.close(); // OK: idempotent; onControlError() may have closed it
  parts_.notifier.stop();
  parts_.receipts.ack("shutdown"); // OK: ack() checks the weak_ptr and isClosed()
  parts_.audit.record("gateway stopped"); // BUG: use-after-close #audit
}

} // namespace gateway
