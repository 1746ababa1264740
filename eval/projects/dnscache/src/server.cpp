// Owns every component and starts / stops them in order.
#include "dnscache/server.h"

#include <exception>
#include <sys/stat.h>

#include "dnscache/dns_message.h"
#include "dnscache/logging.h"
#include "dnscache/socket_options.h"

namespace dnscache {

namespace {
constexpr std::size_t kUdpPayloadLimit = 1232;
} // namespace

Server::Server(Config cfg)
    : cfg_(std::move(cfg)), cache_(cfg_.cacheEntries),
      snapshot_(cfg_.snapshotPath, cfg_.durableSnapshots), hosts_(cfg_.hostsFile),
      zone_(cfg_.zoneFile) {}

Server::~Server() {
  stop(); // OK: stop() is idempotent (stopped_ exchange)
}

bool Server::start() {
  if (started_.exchange(true))
    return false;
  if (!snapshot_.load(cache_))
    logInfo("cache: starting empty (no usable snapshot at %s)", cfg_.snapshotPath.c_str());
  if (!cfg_.hostsFile.empty())
    hosts_.load();
  if (!cfg_.zoneFile.empty() && !zone_.load()) {
    logError("zone: cannot load %s", cfg_.zoneFile.c_str());
    return false;
  }
  queryLog_ = std::make_unique<QueryLog>(cfg_.queryLog);
  if (!queryLog_->open()) {
    logError("query log: cannot open %s", cfg_.queryLog.c_str());
    return false;
  }

  pool_ = std::make_unique<ThreadPool>(cfg_.workers ? cfg_.workers : defaultWorkerCount());
  timers_ = std::make_unique<TimerWheel>();
  timers_->start();

  upstreams_ = std::make_unique<UpstreamPool>(cfg_.upstreams, cfg_.connectionsPerUpstream);
  if (upstreams_->connectAll() == 0)
    logWarn("upstreams: none reachable yet, the health checker keeps trying");

  MetricsExporter::Options mopts;
  mopts.brokers = cfg_.kafkaBrokers;
  mopts.topicPrefix = cfg_.kafkaTopicPrefix;
  mopts.spoolPath = cfg_.metricsSpool;
  mopts.textfilePath = cfg_.metricsTextfile;
  mopts.interval = std::chrono::seconds(cfg_.metricsIntervalSec > 0 ? cfg_.metricsIntervalSec : 10);
  mopts.maxPending = cfg_.maxPendingMetrics;
  exporter_ = std::make_unique<MetricsExporter>(metrics_, mopts);
  exporter_->start();

  health_ = std::make_unique<HealthChecker>(
      *upstreams_, std::chrono::seconds(cfg_.healthIntervalSec),
      std::chrono::milliseconds(cfg_.upstreamTimeoutMs),
      [this](const std::string &json) { exporter_->publishEvent(json); });
  health_->start();

  Resolver::Options ropts;
  ropts.maxAttempts = cfg_.maxAttempts;
  ropts.timeout = std::chrono::milliseconds(cfg_.upstreamTimeoutMs);
  resolver_ = std::make_unique<Resolver>(ropts, zone_, hosts_, cache_, *upstreams_, *health_,
                                         inflight_, metrics_);

  sessions_ = std::make_shared<SessionTable>();
  for (const auto &address : cfg_.udpListen) {
    auto listener = std::make_unique<UdpListener>(
        address, [this](UdpListener &self, std::string datagram, const sockaddr_storage &from,
                        socklen_t fromLen) { onUdpDatagram(self, std::move(datagram), from, fromLen); });
    if (!listener->open())
      return false;
    listener->start();
    udp_.push_back(std::move(listener));
  }

  TcpListener::Options topts;
  topts.address = cfg_.tcpListen;
  topts.idleTimeout = std::chrono::milliseconds(cfg_.tcpIdleTimeoutMs);
  topts.maxSessions = cfg_.maxTcpSessions;
  tcp_ = std::make_unique<TcpListener>(
      topts, sessions_, *pool_, *timers_, metrics_,
      [this](const std::string &query, const std::string &peer) { return onTcpQuery(query, peer); });
  if (!tcp_->open())
    return false;
  tcp_->start();

  AdminCommands::Hooks hooks;
  hooks.reload = [this] { reload(); };
  hooks.shutdown = [this] { requestShutdown(); };
  hooks.saveSnapshot = [this] { saveSnapshot(); };
  admin_ = std::make_unique<AdminCommands>(cache_, snapshot_, *queryLog_, *upstreams_, *sessions_,
                                           inflight_, metrics_, std::move(hooks));
  control_ = std::make_unique<ControlSocket>(cfg_.controlSocket, *admin_);
  if (!control_->start())
    logWarn("control: admin socket unavailable");

  SignalWatcher::Callbacks callbacks;
  callbacks.onReload = [this] {
    reload();
    ensureControlSocket();
  };
  callbacks.onTerminate = [this] { requestShutdown(); };
  callbacks.onReopenLogs = [this] {
    if (!cfg_.errorLog.empty())
      Logger::instance().reopen(cfg_.errorLog);
  };
  signals_ = std::make_unique<SignalWatcher>(std::move(callbacks));
  if (!signals_->start())
    logWarn("signals: watcher unavailable; SIGHUP will not reload");

  if (cfg_.snapshotIntervalSec > 0) {
    snapshotTimer_ = timers_->every(std::chrono::seconds(cfg_.snapshotIntervalSec), [this] {
      // Saving walks the whole cache: do it on a worker, keep the wheel free.
      pool_->submit([this] { saveSnapshot(); }); // BUG: use-after-close #snapsubmit — stop() shuts the worker pool down (closing its queue) while the timer wheel is still running; this timer is never cancelled, and submit() after shutdown() throws on the timer thread
    });
  }
  logInfo("dnscache: serving on %zu udp socket(s) and tcp %s", udp_.size(), cfg_.tcpListen.c_str());
  return true;
}

void Server::onUdpDatagram(UdpListener &listener, std::string datagram, const sockaddr_storage &from,
                           socklen_t fromLen) {
  UdpListener *l = &listener;
  pool_->submit([this, l, datagram = std::move(datagram), from, fromLen] { // OK: the pool is shut down only after every UDP receive thread has been joined
    bool cached = false;
    std::string reply = resolver_->resolve(datagram, &cached);
    if (reply.empty())
      return;
    reply = DnsMessage::truncateForUdp(reply, kUdpPayloadLimit);
    if (!l->sendTo(reply, from, fromLen)) // OK: sendTo() returns false once the listener is closed (checked under its send mutex)
      metrics_.udpSendFailed();
    logAnswer(formatAddress(from), reply, cached);
  });
}

std::string Server::onTcpQuery(const std::string &query, const std::string &peer) {
  bool cached = false;
  std::string reply = resolver_->resolve(query, &cached);
  if (!reply.empty())
    logAnswer(peer, reply, cached);
  return reply;
}

void Server::logAnswer(const std::string &client, const std::string &reply, bool cached) {
  auto msg = DnsMessage::parse(reply);
  if (!msg)
    return;
  queryLog_->write(client, msg->question().name, msg->question().qtype, msg->rcode(), cached);
}

void Server::saveSnapshot() {
  if (!snapshot_.save(cache_))
    logWarn("snapshot: save to %s failed", cfg_.snapshotPath.c_str());
}

void Server::reload() {
  std::lock_guard<std::mutex> lk(reloadMu_);
  logInfo("dnscache: reloading");
  if (!cfg_.hostsFile.empty() && !hosts_.load())
    logWarn("hosts: keeping the previous table");
  if (!cfg_.zoneFile.empty() && !zone_.load())
    logWarn("zone: keeping the previous records");
  if (queryLog_ && !queryLog_->rotate())
    logWarn("query log: cannot reopen %s", cfg_.queryLog.c_str());
  if (!cfg_.errorLog.empty())
    Logger::instance().reopen(cfg_.errorLog);
}

// Called on the signal thread only (never from an admin command, which runs on
// the control thread that stop() joins). Server::stop() joins the signal
// thread before it touches control_.
void Server::ensureControlSocket() {
  // tmpfiles.d cleaners sometimes remove sockets under /run; SIGHUP recreates it.
  struct stat st {};
  if (!control_ || !admin_ || ::stat(cfg_.controlSocket.c_str(), &st) == 0)
    return;
  logWarn("control: %s vanished, recreating it", cfg_.controlSocket.c_str());
  control_->stop();
  control_ = std::make_unique<ControlSocket>(cfg_.controlSocket, *admin_);
  if (!control_->start()) // OK: control_ owns a new ControlSocket; the stopped one was destroyed by the assignment
    logWarn("control: cannot recreate %s", cfg_.controlSocket.c_str());
}

void Server::requestShutdown() {
  {
    std::lock_guard<std::mutex> lk(shutdownMu_);
    shutdownRequested_ = true;
  }
  shutdownCv_.notify_all();
}

void Server::waitForShutdown() {
  std::unique_lock<std::mutex> lk(shutdownMu_);
  shutdownCv_.wait(lk, [this] { return shutdownRequested_; });
}

void Server::stopStep(const char *what, const std::function<void()> &step) {
  try {
    step();
  } catch (const std::exception &e) {
    logError("shutdown: %s failed: %s", what, e.what());
  }
}

void Server::logFinalStats() {
  const MetricsSnapshot m = metrics_.snapshot();
  logInfo("dnscache: %llu queries, %llu cache hits, %llu upstream timeouts",
          static_cast<unsigned long long>(m.queries), static_cast<unsigned long long>(m.cacheHits),
          static_cast<unsigned long long>(m.upstreamTimeouts));
  queryLog_->writeSummary(m.queries, m.cacheHits, m.cacheMisses); // BUG: use-after-close — stop() closed the query log in the step before this one; writeSummary() throws once closed and the billing summary line is lost
}

void Server::stop() {
  if (stopped_.exchange(true))
    return;
  if (!started_.load())
    return;
  logInfo("dnscache: shutting down");
  // Front doors first, so no new work arrives.
  stopStep("signals", [this] {
    if (signals_)
      signals_->stop();
  });
  stopStep("control socket", [this] {
    if (control_)
      control_->stop();
  });
  stopStep("udp listeners", [this] {
    for (auto &l : udp_)
      l->stop();
    for (auto &l : udp_)
      logDebug("udp %s stopped", l->address().c_str()); // OK: address() is a plain string, the closed socket is not touched
  });
  stopStep("tcp listener", [this] {
    if (tcp_)
      tcp_->stop();
  });
  stopStep("tcp sessions", [this] {
    if (sessions_)
      sessions_->closeAll();
  });
  stopStep("health checker", [this] {
    if (health_)
      health_->stop();
  });
  stopStep("upstreams", [this] {
    if (upstreams_)
      upstreams_->closeAll();
  });
  stopStep("workers", [this] {
    if (pool_)
      pool_->shutdown(); // SAME: snapsubmit
  });
  stopStep("timers", [this] {
    if (timers_)
      timers_->stop();
  });
  stopStep("metrics exporter", [this] {
    if (exporter_)
      exporter_->stop();
  });
  stopStep("final snapshot", [this] { saveSnapshot(); });
  stopStep("query log", [this] {
    if (queryLog_)
      queryLog_->close();
  });
  if (cfg_.logSummary && queryLog_)
    stopStep("summary", [this] { logFinalStats(); });
  stopStep("release upstreams", [this] {
    upstreams_.reset(); // BUG: double-close #pooldtor — ~UpstreamPool closes every connection in all_ again after closeAll() already closed them; the second close() throws inside a destructor and the process terminates
  });
  logInfo("dnscache: stopped");
}

} // namespace dnscache
