// ProxyServer: the composition root. Builds every component, wires their
// callbacks together, starts the threads, and on stop() drains through the
// ShutdownCoordinator and tears the rest down.
//  - start() throws if a component cannot start (after draining what started).
//  - run(flag) blocks until a shutdown is requested (admin SHUTDOWN) or the
//    signal flag becomes true, then calls stop().
//  - stop() is idempotent; the destructor calls it.
#pragma once
#include "sqlproxy/BoundedQueue.h"
#include "sqlproxy/ProxyConfig.h"
#include "sqlproxy/Request.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace sqlproxy {

class QueryLog;
class MetricsFile;
class SessionManager;
class StatementCache;
class HealthChecker;
class Router;
class QueryDispatcher;
class ClientListener;
class AdminServer;
class ConfigReloader;
class ShutdownCoordinator;

class ProxyServer {
public:
  ProxyServer(ProxyConfig cfg, std::string configPath);
  ~ProxyServer();
  ProxyServer(const ProxyServer &) = delete;
  ProxyServer &operator=(const ProxyServer &) = delete;

  void start();
  int run(const std::atomic<bool> &signalled);
  void stop();

private:
  void applyConfig(const ProxyConfig &next);

  std::mutex cfgMu_;
  ProxyConfig cfg_;
  const std::string configPath_;
  bool started_ = false;

  std::shared_ptr<QueryLog> log_;
  std::shared_ptr<MetricsFile> metrics_;
  std::shared_ptr<SessionManager> sessions_;
  std::shared_ptr<StatementCache> stmts_;
  std::shared_ptr<HealthChecker> health_;
  std::shared_ptr<Router> router_;
  std::shared_ptr<BoundedQueue<Request>> requests_;
  std::shared_ptr<QueryDispatcher> dispatcher_;
  std::shared_ptr<ClientListener> listener_;
  std::unique_ptr<AdminServer> admin_;
  std::unique_ptr<ConfigReloader> reloader_;
  std::shared_ptr<ShutdownCoordinator> coordinator_;
};

} // namespace sqlproxy
