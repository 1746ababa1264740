// Server: wiring of the components, the ppoll() event loop over the
// listener, the admin socket, the signal pipe and every client session, and
// the once-a-second maintenance tick.
#include "server.h"

#include <cerrno>
#include <poll.h>
#include <system_error>
#include <unistd.h>

#include "log.h"
#include "protocol.h"
#include "scope_exit.h"

namespace tilesrv {
namespace {

constexpr int kAcceptBurst = 64;
constexpr std::size_t kPrefetchLimit = 100000;
constexpr std::size_t kReplicaBacklog = 10000;

std::string hostName() {
  char name[256] = "unknown";
  ::gethostname(name, sizeof name - 1);
  return name;
}

} // namespace

TileCache::Options Server::cacheOptions(const ServerConfig &config) {
  TileCache::Options options;
  options.dir = config.cacheDir;
  options.segmentBytes = config.segmentBytes;
  options.compactAfterDeadRecords = config.compactAfterDeadRecords;
  options.syncInterval = config.indexSyncInterval;
  return options;
}

UpstreamFetcher::Options Server::fetcherOptions(const ServerConfig &config) {
  UpstreamFetcher::Options options;
  options.origins = config.origins;
  options.primary = config.primaryOrigin;
  options.storeRoot = config.originStoreRoot;
  options.retries = config.fetchRetries;
  options.keepAlive = config.originKeepAlive;
  options.idleLimit = config.originIdleLimit;
  return options;
}

Server::Server(ServerConfig config, std::string configPath, const sigset_t &waitMask)
    : config_(std::move(config)), configPath_(std::move(configPath)), waitMask_(waitMask),
      health_(config_.primaryOrigin, std::chrono::seconds(10)),
      background_("background", config_.backgroundThreads),
      limiter_(config_.requestsPerSecond, config_.requestsPerSecond * 2),
      registry_(config_.sessionIdleTimeout, config_.maxSessions) {
  producer_ = std::make_shared<kafka::KafkaProducer>(config_.brokers);
  metrics_ = std::make_shared<MetricsPublisher>(producer_, config_.metricsTopic, hostName());
  audit_.emplace(producer_, config_.auditTopic);
  if (!config_.accessLogPath.empty())
    accessLog_ = std::make_unique<AccessLog>(config_.accessLogPath, config_.accessLogRotateBytes,
                                             std::chrono::seconds(1));

  cache_.emplace(cacheOptions(config_));
  cache_->setOnClosed(cacheClosedCallback());
  fetcher_.emplace(fetcherOptions(config_));

  renderer_ = std::make_unique<RenderWorker>(
      config_.renderThreads, config_.renderQueueDepth, [this](const TileKey &key) { return fetcher_->fetch(key); },
      [this](RenderResult result) {
        std::lock_guard<std::mutex> lock(completionsMutex_);
        completions_.push_back(std::move(result));
      });

  if (!config_.prefetchPlan.empty())
    prefetcher_ = std::make_unique<Prefetcher>(loadPrefetchPlan(config_.prefetchPlan, kPrefetchLimit), config_.maxZoom);
  if (!config_.invalidationTopic.empty())
    invalidations_ = std::make_unique<InvalidationListener>(
        createConsumer(config_.brokers, config_.consumerGroup), config_.invalidationTopic,
        [this](std::vector<TileKey> keys) {
          std::lock_guard<std::mutex> lock(purgesMutex_);
          purges_.insert(purges_.end(), keys.begin(), keys.end());
        });
  if (!config_.replicaPeer.empty())
    replicator_ = std::make_unique<TileReplicator>(config_.replicaPeer, kReplicaBacklog);

  registry_.setOnClose([this, weakMetrics = std::weak_ptr<MetricsPublisher>(metrics_)](const ClientSession &session,
                                                                                      CloseReason reason) {
    limiter_.forget(session.id());
    if (std::shared_ptr<MetricsPublisher> metrics = weakMetrics.lock())
      metrics->sessionClosed(session.id(), toString(reason));
  });

  handler_ = std::make_unique<RequestHandler>(HandlerContext{
      registry_, limiter_, [this] { return cacheForRequests(); },
      [this](RenderJob job) { return renderer_->enqueue(std::move(job)); },
      [this](const AccessEntry &entry) {
        if (accessLog_)
          accessLog_->write(entry);
      },
      [this] { return toJson(snapshot()); }, metrics_, config_.maxZoom});
}

Server::~Server() {
  if (stopped_)
    return;
  try {
    shutdown();
  } catch (const std::exception &e) {
    log::error("shutdown from destructor failed: %s", e.what());
  }
}

std::function<void(const CacheStats &)> Server::cacheClosedCallback() {
  std::shared_ptr<MetricsPublisher> metrics = metrics_;
  return [metrics](const CacheStats &stats) { metrics->cacheClosed(stats); };
}

TileCache *Server::cacheForRequests() { return cache_ && cache_->isOpen() ? &*cache_ : nullptr; }

void Server::start() {
  auto rollback = makeScopeExit([this] {
    log::error("startup failed, stopping what was started");
    renderer_->stop();
    health_.stop();
    admin_.reset();
    listener_.reset();
  });

  signals_.install({SIGHUP, SIGTERM, SIGINT});
  listener_ = std::make_unique<Listener>(config_.listenHost, config_.listenPort, config_.backlog);
  if (!config_.adminSocketPath.empty())
    admin_ = std::make_unique<AdminSocket>(config_.adminSocketPath,
                                           [this](const std::string &command) { return adminCommand(command); });
  fetcher_->warmUp();
  renderer_->start();
  health_.start();
  audit_->record("start", describe(config_));
  rollback.dismiss();

  if (prefetcher_)
    prefetcher_->start();
  if (invalidations_)
    invalidations_->start();
  running_ = true;
  lastMaintenance_ = Clock::now();
  log::info("tilesrv serving on %s", listener_->address().c_str());
}

void Server::run() {
  while (running_) {
    pollOnce();
    deliverCompletions();
    applyPurges();
    const auto now = Clock::now();
    if (now - lastMaintenance_ >= std::chrono::seconds(1)) {
      tick(now);
      lastMaintenance_ = now;
    }
    if (admin_ && admin_->quitRequested())
      running_ = false;
    if (reloadRequested_ && running_) {
      reloadRequested_ = false;
      try {
        reconfigure(loadConfig(configPath_));
      } catch (const std::exception &e) {
        log::error("configuration reload failed, keeping the running one: %s", e.what());
      }
    }
  }
}

void Server::shutdown() {
  if (stopped_)
    return;
  stopped_ = true;
  running_ = false;
  log::info("shutting down");
  stopAccepting();
  drainSessions();
  stopWorkers();
  flushPublisher();
  closeCache();
  if (accessLog_)
    accessLog_->close();
  signals_.close();
  log::info("shutdown complete");
}

void Server::fatal(const std::string &why) {
  log::error("fatal: %s", why.c_str());
  if (audit_ && !audit_->isClosed()) {
    // Get the reason out first: the shutdown below may stall on a stuck peer.
    try {
      audit_->record("fatal", why); // OK: isClosed() checked just above
      audit_->close();
    } catch (const std::exception &e) {
      log::error("could not record the fatal error: %s", e.what());
    }
  }
  shutdown(); // BUG: double-close #audit_closed_twice
}

void Server::pollOnce() {
  enum class Source { Signals, Listener, Admin, Session };
  std::vector<pollfd> fds;
  std::vector<std::pair<Source, SessionId>> owners;
  auto watch = [&](int fd, short events, Source source, SessionId id) {
    fds.push_back(pollfd{fd, events, 0});
    owners.emplace_back(source, id);
  };

  if (signals_.fd() >= 0)
    watch(signals_.fd(), POLLIN, Source::Signals, 0);
  if (listener_ && listener_->isListening())
    watch(listener_->fd(), POLLIN, Source::Listener, 0);
  if (admin_ && admin_->isListening())
    watch(admin_->fd(), POLLIN, Source::Admin, 0);
  registry_.forEach([&](const SessionRegistry::SessionPtr &session) {
    if (session->isOpen())
      watch(session->fd(), static_cast<short>(POLLIN | (session->wantsWrite() ? POLLOUT : 0)), Source::Session,
            session->id());
  });

  const timespec timeout{0, 100 * 1000 * 1000};
  const int ready = ::ppoll(fds.data(), fds.size(), &timeout, &waitMask_);
  if (ready < 0) {
    if (errno == EINTR)
      return; // the handler wrote to the pipe; the next round reads it
    throw std::system_error(errno, std::generic_category(), "ppoll");
  }
  for (std::size_t i = 0; i < fds.size() && ready > 0; ++i) {
    if (fds[i].revents == 0)
      continue;
    switch (owners[i].first) {
    case Source::Signals:
      handleSignals();
      break;
    case Source::Listener:
      onAcceptable();
      break;
    case Source::Admin:
      admin_->serveOne();
      break;
    case Source::Session:
      onSessionEvent(owners[i].second, fds[i].revents);
      break;
    }
  }
}

void Server::onAcceptable() {
  for (int i = 0; i < kAcceptBurst; ++i) {
    std::string peer;
    Fd client = listener_->acceptClient(&peer);
    if (!client)
      return;
    const int raw = client.get();
    auto session = std::make_unique<ClientSession>(nextSessionId_++, std::move(client), peer);
    if (!registry_.admit(std::move(session))) {
      ++stats_.rejected;
      log::warn("session limit reached, refusing %s", peer.c_str());
      ::close(raw); // BUG: double-close
      continue;
    }
    ++stats_.accepted;
  }
}

void Server::onSessionEvent(SessionId id, short revents) {
  SessionRegistry::SessionPtr session = registry_.find(id);
  if (!session || !session->isOpen())
    return;
  try {
    if (revents & (POLLERR | POLLNVAL)) {
      registry_.remove(id, CloseReason::PeerClosed);
      return;
    }
    if ((revents & POLLOUT) && !session->flushOutbox()) {
      registry_.remove(id, CloseReason::PeerClosed);
      return;
    }
    if (!(revents & (POLLIN | POLLHUP)))
      return;
    switch (session->readAvailable()) { // OK: a failed flushOutbox() closes the session and returns above
    case ReadResult::Drained:
      break;
    case ReadResult::Overflow:
      session->send(protocol::formatError(413, "request line too long"));
      registry_.remove(id, CloseReason::ProtocolError);
      return;
    case ReadResult::Eof:
    case ReadResult::Error:
      registry_.remove(id, CloseReason::PeerClosed);
      return;
    }
    ++stats_.requests;
    handler_->process(session);
  } catch (const std::exception &e) {
    log::warn("session %llu (%s): %s", static_cast<unsigned long long>(id), session->peer().c_str(), e.what());
    registry_.remove(id, CloseReason::Error); // OK: a session removed in the try is not found again
  }
}

void Server::deliverCompletions() {
  std::deque<RenderResult> done;
  {
    std::lock_guard<std::mutex> lock(completionsMutex_);
    done.swap(completions_);
  }
  for (RenderResult &result : done) {
    ++stats_.renders;
    if (!result.ok)
      ++stats_.renderFailures;
    metrics_->tileRendered(result.key, result.ok, result.took);
    if (result.ok) {
      try {
        if (cache_ && cache_->isOpen())
          cache_->store(result.key, result.blob); // OK: only this thread closes or replaces the cache
      } catch (const std::exception &e) {
        log::error("cache store of %s failed: %s", toString(result.key).c_str(), e.what());
      }
      if (replicator_)
        replicator_->replicate(result.key, result.blob);
    }

    SessionRegistry::SessionPtr session = registry_.find(result.session);
    if (!session || !session->isOpen())
      continue;
    const std::string reply =
        result.ok ? protocol::tileFrame(result.key, result.blob) : protocol::formatError(502, result.error);
    session->send(reply); // OK: checked isOpen() just above
    if (accessLog_)
      accessLog_->write(AccessEntry{session->id(), session->peer(), result.key, result.ok ? 200 : 502, reply.size(),
                                    false, std::chrono::duration_cast<std::chrono::microseconds>(result.took)});
  }
}

void Server::applyPurges() {
  std::vector<TileKey> keys;
  {
    std::lock_guard<std::mutex> lock(purgesMutex_);
    keys.swap(purges_);
  }
  if (keys.empty())
    return;
  TileCache *cache = cacheForRequests();
  if (!cache)
    return;
  for (const TileKey &key : keys) {
    if (cache->purge(key)) // OK: cacheForRequests() hands out only an open cache
      ++stats_.purged;
  }
}

void Server::tick(Clock::time_point now) {
  try {
    stats_.evictedIdle += registry_.evictIdle(now);
  } catch (const std::exception &e) {
    log::warn("idle eviction: %s", e.what());
  }
  renderer_->retryOverflow(); // OK: the queue is closed only by shutdown(), after the loop has ended
  try {
    if (fetcher_)
      fetcher_->maintain(now);
  } catch (const std::exception &e) {
    log::warn("origin maintenance: %s", e.what());
  }
  metrics_->flush();
  if (replicator_)
    replicator_->flush(now);

  if (compaction_.valid() && compaction_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    try {
      compaction_.get();
    } catch (const std::exception &e) {
      log::error("index compaction: %s", e.what());
    }
  }
  if (!compaction_.valid() && cache_ && cache_->needsCompaction())
    compaction_ = background_.async([this] { cache_->compact(); }); // OK: the pool is stopped only by shutdown()
}

void Server::handleSignals() {
  for (int signo : signals_.drain()) {
    switch (signo) {
    case SIGHUP:
      log::info("SIGHUP: reopening logs and reloading %s", configPath_.c_str());
      if (accessLog_)
        accessLog_->reopen();
      reloadRequested_ = true;
      break;
    case SIGTERM:
    case SIGINT:
      log::info("signal %d: shutting down", signo);
      running_ = false;
      break;
    default:
      break;
    }
  }
}

std::string Server::adminCommand(const std::string &command) {
  if (command == "stats")
    return toText(snapshot());
  if (command == "evict")
    return "evicted " + std::to_string(registry_.evictIdle(Clock::now())) + " idle sessions\n";
  if (command == "compact") {
    if (compaction_.valid())
      return "a compaction is already running\n";
    if (!cacheForRequests())
      return "cache is closed\n";
    compaction_ = background_.async([this] { cache_->compact(); }); // OK
    return "compaction started\n";
  }
  if (command == "reload") {
    reloadRequested_ = true;
    return "reload scheduled\n";
  }
  if (command == "reopen-logs") {
    if (accessLog_)
      accessLog_->reopen();
    return "logs reopened\n";
  }
  return "unknown command: " + command + "\n";
}

StatusSnapshot Server::snapshot() const {
  StatusSnapshot s;
  s.server = stats_;
  if (cache_)
    s.cache = cache_->stats();
  s.sessions = registry_.size();
  s.renderBacklog = renderer_ ? renderer_->backlog() : 0;
  s.originLinks = fetcher_ ? fetcher_->openLinks() : 0;
  s.originHealthy = health_.healthy();
  s.metricsDropped = metrics_->dropped();
  s.generation = config_.generation;
  return s;
}

} // namespace tilesrv
