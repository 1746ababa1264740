// Applying a re-read configuration without a restart: publishers, access
// log, listener, origins and the disk cache are swapped one by one; whatever
// did not change is left alone.
#include "server.h"

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

namespace tilesrv {
namespace {

constexpr std::size_t kCarryOverTiles = 2048;

bool prepareCacheDir(const std::string &dir) {
  if (::mkdir(dir.c_str(), 0750) != 0 && errno != EEXIST)
    return false;
  return ::access(dir.c_str(), R_OK | W_OK | X_OK) == 0;
}

bool sameCache(const ServerConfig &a, const ServerConfig &b) {
  return a.cacheDir == b.cacheDir && a.segmentBytes == b.segmentBytes &&
         a.compactAfterDeadRecords == b.compactAfterDeadRecords && a.indexSyncInterval == b.indexSyncInterval;
}

bool sameOrigins(const ServerConfig &a, const ServerConfig &b) {
  return a.origins == b.origins && a.primaryOrigin == b.primaryOrigin && a.originStoreRoot == b.originStoreRoot &&
         a.fetchRetries == b.fetchRetries && a.originKeepAlive == b.originKeepAlive &&
         a.originIdleLimit == b.originIdleLimit;
}

} // namespace

void Server::reconfigure(const ServerConfig &next) {
  ServerConfig incoming = next;
  incoming.generation = config_.generation + 1;
  log::info("applying configuration generation %llu: %s", static_cast<unsigned long long>(incoming.generation),
            describe(incoming).c_str());

  registry_.setIdleTimeout(incoming.sessionIdleTimeout);
  registry_.setMaxSessions(incoming.maxSessions);
  limiter_.setRate(incoming.requestsPerSecond, incoming.requestsPerSecond * 2);

  try {
    reconfigurePublishers(incoming);
  } catch (const std::exception &e) {
    log::error("publisher reconfiguration failed: %s; reconnecting the producer", e.what());
    try {
      rebuildPublishers(incoming);
    } catch (...) {
      // Without a working audit trail the node must not keep serving.
      running_ = false;
      throw;
    }
  }
  reconfigureAccessLog(incoming);
  reconfigureListener(incoming);
  reconfigureOrigin(incoming);
  reconfigureCache(incoming);

  config_ = incoming;
  ++stats_.reloads;
  metrics_->configReloaded(config_.generation);
  audit_->record("reload", describe(config_)); // OK: the trail is open on a live producer after either branch above
}

void Server::reconfigurePublishers(const ServerConfig &next) {
  if (next.brokers != config_.brokers) {
    rebuildPublishers(next);
    return;
  }
  if (next.metricsTopic != config_.metricsTopic)
    metrics_->setTopic(next.metricsTopic);
  if (next.auditTopic != config_.auditTopic) {
    audit_.reset();
    audit_.emplace(producer_, next.auditTopic);
    audit_->record("audit-topic", "audit events now go to " + next.auditTopic); // BUG: use-after-close #audit_topic_switch
  }
}

void Server::rebuildPublishers(const ServerConfig &next) {
  auto producer = std::make_shared<kafka::KafkaProducer>(next.brokers);
  metrics_->attach(producer, next.metricsTopic);
  audit_.reset();
  audit_.emplace(producer, next.auditTopic);
  producer_ = std::move(producer);
  audit_->record("publisher", "connected to " + next.brokers); // OK: rebuilt on a fresh producer
}

void Server::reconfigureAccessLog(const ServerConfig &next) {
  if (next.accessLogPath == config_.accessLogPath && next.accessLogRotateBytes == config_.accessLogRotateBytes)
    return;
  if (accessLog_)
    accessLog_->close();
  if (next.accessLogPath.empty()) {
    accessLog_.reset();
    return;
  }
  accessLog_ = std::make_unique<AccessLog>(next.accessLogPath, next.accessLogRotateBytes, std::chrono::seconds(1));
  accessLog_->note("configuration generation " + std::to_string(next.generation)); // OK: a new log replaced the closed one
}

void Server::reconfigureListener(const ServerConfig &next) {
  if (next.listenHost == config_.listenHost && next.listenPort == config_.listenPort)
    return;
  std::unique_ptr<Listener> fresh;
  try {
    fresh = std::make_unique<Listener>(next.listenHost, next.listenPort, next.backlog);
  } catch (const std::exception &e) {
    log::error("cannot listen on %s:%u (%s); still serving on %s", next.listenHost.c_str(), next.listenPort,
               e.what(), listener_->address().c_str());
    return;
  }
  listener_->stop();
  listener_ = std::move(fresh);
  log::info("now accepting on %s", listener_->address().c_str());
}

void Server::reconfigureOrigin(const ServerConfig &next) {
  if (sameOrigins(next, config_))
    return;
  renderer_->pause();
  fetcher_.reset();
  fetcher_.emplace(fetcherOptions(next));
  try {
    fetcher_->warmUp(); // OK: a fresh fetcher was emplaced after the old one closed its links
  } catch (const std::exception &e) {
    log::warn("origin %s not reachable yet: %s", next.primaryOrigin.c_str(), e.what());
  }
  renderer_->resume();
  health_.retarget(next.primaryOrigin);
}

void Server::reconfigureCache(const ServerConfig &next) {
  if (sameCache(next, config_))
    return;
  waitForCompaction();

  // Carry the hottest tiles over so the new cache does not start cold.
  std::vector<std::pair<TileKey, std::string>> hot = cache_->hottest(kCarryOverTiles);
  cache_->close();
  if (prepareCacheDir(next.cacheDir)) {
    cache_.reset();
    cache_.emplace(cacheOptions(next));
    cache_->setOnClosed(cacheClosedCallback());
  } else {
    log::error("cache directory %s is not usable; serving without a disk cache until the next reload",
               next.cacheDir.c_str());
  }
  for (const auto &[key, blob] : hot)
    cache_->store(key, blob); // BUG: use-after-close
  log::info("cache now in %s, %zu tiles carried over", next.cacheDir.c_str(), hot.size());
}

} // namespace tilesrv
