// ShutdownCoordinator: knows the order in which the proxy's parts are stopped.
//  - requestShutdown() may be called from any thread (admin SHUTDOWN, signal).
//  - waitForRequest(timeout) returns true once a shutdown was requested.
//  - drain() stops everything, in order; it runs once, later calls return
//    immediately.
// It does not own the AdminServer and the ConfigReloader (raw pointers; the
// ProxyServer owns them and outlives the coordinator's use of them).
#pragma once
#include "sqlproxy/BoundedQueue.h"
#include "sqlproxy/Request.h"
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace sqlproxy {

class AdminServer;
class ConfigReloader;
class ClientListener;
class QueryDispatcher;
class MetricsFile;
class HealthChecker;
class SessionManager;
class Router;
class StatementCache;
class QueryLog;

class ShutdownCoordinator {
public:
  struct Parts {
    AdminServer *admin = nullptr;
    ConfigReloader *reloader = nullptr;
    std::shared_ptr<BoundedQueue<Request>> requests;
    std::shared_ptr<ClientListener> listener;
    std::shared_ptr<QueryDispatcher> dispatcher;
    std::shared_ptr<MetricsFile> metrics;
    std::shared_ptr<HealthChecker> health;
    std::shared_ptr<SessionManager> sessions;
    std::shared_ptr<Router> router;
    std::shared_ptr<StatementCache> stmts;
    std::shared_ptr<QueryLog> log;
  };

  explicit ShutdownCoordinator(Parts parts);
  void requestShutdown();
  bool waitForRequest(std::chrono::milliseconds timeout);
  void drain();

private:
  Parts p_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool requested_ = false;
  bool drained_ = false;
};

} // namespace sqlproxy
