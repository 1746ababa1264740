// ShutdownCoordinator: the ordered drain of the whole proxy.
#include "sqlproxy/ShutdownCoordinator.h"

#include "sqlproxy/AdminServer.h"
#include "sqlproxy/ClientListener.h"
#include "sqlproxy/ConfigReloader.h"
#include "sqlproxy/HealthChecker.h"
#include "sqlproxy/MetricsFile.h"
#include "sqlproxy/QueryDispatcher.h"
#include "sqlproxy/QueryLog.h"
#include "sqlproxy/Router.h"
#include "sqlproxy/SessionManager.h"
#include "sqlproxy/StatementCache.h"

#include <cstdio>

namespace sqlproxy {

ShutdownCoordinator::ShutdownCoordinator(Parts parts) : p_(std::move(parts)) {}

void ShutdownCoordinator::requestShutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    requested_ = true;
  }
  cv_.notify_all();
}

bool ShutdownCoordinator::waitForRequest(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lk(mu_);
  return cv_.wait_for(lk, timeout, [this] { return requested_; });
}

void ShutdownCoordinator::drain() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (drained_)
      return;
    drained_ = true;
  }
  std::fprintf(stderr, "sqlproxy: draining\n");

  // 1. No more control-plane activity: admin commands and config reloads.
  p_.admin->stop();
  p_.reloader->stop();

  // 2. Refuse new work, then stop reading from clients.
  p_.requests->close(); // SAME: queue_close_order
  p_.listener->stop();

  // 3. Let the workers finish what is already queued.
  p_.dispatcher->stop();

  // 4. Final metrics snapshot, then stop probing the backends.
  p_.metrics->close(); // SAME: health_cb_metrics
  p_.health->stop();

  // 5. Tell the clients, then hang up on them.
  p_.sessions->broadcast("the proxy is shutting down");
  p_.sessions->closeAll();
  p_.sessions->reap();

  // 6. Backends: close the pools and drop the prepared statements.
  p_.router->closePools();
  p_.stmts->deallocateAll(); // BUG: use-after-close #stmt_dealloc

  // 7. Last: nothing appends to the query log any more.
  p_.log->close(); // OK: every thread that appends to the log (workers, listener, admin) was joined above
}

} // namespace sqlproxy
