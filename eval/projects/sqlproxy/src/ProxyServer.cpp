// ProxyServer: builds and wires the components.
#include "sqlproxy/ProxyServer.h"

#include "sqlproxy/AdminServer.h"
#include "sqlproxy/ClientListener.h"
#include "sqlproxy/ConfigReloader.h"
#include "sqlproxy/HealthChecker.h"
#include "sqlproxy/MetricsFile.h"
#include "sqlproxy/QueryDispatcher.h"
#include "sqlproxy/QueryLog.h"
#include "sqlproxy/Router.h"
#include "sqlproxy/SessionManager.h"
#include "sqlproxy/ShutdownCoordinator.h"
#include "sqlproxy/StatementCache.h"

#include <cstdio>

namespace sqlproxy {

ProxyServer::ProxyServer(ProxyConfig cfg, std::string configPath)
    : cfg_(std::move(cfg)), configPath_(std::move(configPath)) {}

ProxyServer::~ProxyServer() {
  try {
    stop();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "sqlproxy: error during shutdown: %s\n", e.what());
  }
} // BUG: double-close #reload_dtor

void ProxyServer::start() {
  if (started_)
    return;
  log_ = std::make_shared<QueryLog>(cfg_.queryLogPath, cfg_.queryLogMaxBytes);
  metrics_ = std::make_shared<MetricsFile>(cfg_.metricsPath, cfg_.metricsHistoryPath,
                                           cfg_.metricsInterval, cfg_.metricsDurable);
  sessions_ = std::make_shared<SessionManager>();
  stmts_ = std::make_shared<StatementCache>();
  health_ = std::make_shared<HealthChecker>(cfg_.auth, cfg_.healthInterval, cfg_.pool.connectTimeout);
  router_ = std::make_shared<Router>(cfg_, stmts_);
  requests_ = std::make_shared<BoundedQueue<Request>>(cfg_.queueDepth);

  QueryDispatcher::Options dopts;
  dopts.threads = cfg_.workerThreads;
  dopts.slowLogPath = cfg_.slowLogPath;
  dopts.slowThreshold = cfg_.slowQueryThreshold;
  dispatcher_ = std::make_shared<QueryDispatcher>(requests_, sessions_, router_, log_, metrics_, dopts);
  listener_ = std::make_shared<ClientListener>(cfg_.listenPort, requests_, sessions_, router_,
                                               cfg_.maxResultBytes);
  admin_ = std::make_unique<AdminServer>(cfg_.adminPort, router_, sessions_, log_);
  reloader_ = std::make_unique<ConfigReloader>(configPath_);

  ShutdownCoordinator::Parts parts;
  parts.admin = admin_.get();
  parts.reloader = reloader_.get();
  parts.requests = requests_;
  parts.listener = listener_;
  parts.dispatcher = dispatcher_;
  parts.metrics = metrics_;
  parts.health = health_;
  parts.sessions = sessions_;
  parts.router = router_;
  parts.stmts = stmts_;
  parts.log = log_;
  coordinator_ = std::make_shared<ShutdownCoordinator>(std::move(parts));

  // Wiring.
  router_->attachHealth(health_);
  health_->onRoundComplete([metrics = metrics_, router = router_](const HealthReport &report) {
    metrics->setGauge("sqlproxy_backends_up", static_cast<int64_t>(report.up));
    metrics->setGauge("sqlproxy_backends_down", static_cast<int64_t>(report.down));
    router->maintenance(); // idle-timeout trimming of the pools
    metrics->flushNow(); // BUG: use-after-close #health_cb_metrics
  });
  admin_->onReload([this] { reloader_->requestReload(); });
  admin_->onShutdown([coordinator = coordinator_] { coordinator->requestShutdown(); });
  reloader_->addListener([this](const ProxyConfig &next) { applyConfig(next); });

  try {
    metrics_->start();
    router_->warmUp();
    health_->start(cfg_.backends);
    dispatcher_->start();
    listener_->start();
    admin_->start();
    reloader_->start();
  } catch (...) {
    coordinator_->drain();
    throw;
  }
  started_ = true;
}

void ProxyServer::applyConfig(const ProxyConfig &next) {
  ProxyConfig previous;
  {
    std::lock_guard<std::mutex> lk(cfgMu_);
    previous = cfg_;
  }
  router_->reconfigure(next);
  health_->updateBackends(next.backends);
  if (next.queryLogPath != previous.queryLogPath)
    log_->reopen(next.queryLogPath); // OK: runs on the reloader thread, which drain() joins before it closes the log
  if (next.metricsHistoryPath != previous.metricsHistoryPath && *metrics_)
    metrics_->reopenHistory(next.metricsHistoryPath); // OK: checked through operator bool, and reopenHistory() itself refuses a closed file
  std::lock_guard<std::mutex> lk(cfgMu_);
  cfg_ = next;
}

int ProxyServer::run(const std::atomic<bool> &signalled) {
  while (!coordinator_->waitForRequest(std::chrono::milliseconds(200))) {
    if (signalled.load())
      break;
  }
  stop();
  return 0;
}

void ProxyServer::stop() {
  if (!started_)
    return;
  started_ = false;
  coordinator_->drain();
  admin_.reset(); // OK: AdminServer::stop() already closed the admin socket and reset listenFd_, so the destructor closes nothing
  // Make sure the metrics history is flushed before we go back to main().
  metrics_->close(); // BUG: double-close
}

} // namespace sqlproxy
