// Server: owns every component and runs the single-threaded event loop that
// serves client sessions. Render threads, the background pool and the
// listeners' own threads hand their results back to this loop.
//
// server.cpp             construction, event loop, admin commands
// server_shutdown.cpp    the shutdown stages
// server_reconfigure.cpp applying a re-read configuration
#pragma once

#include <csignal>
#include <deque>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "access_log.h"
#include "admin_socket.h"
#include "audit_trail.h"
#include "config.h"
#include "health_probe.h"
#include "invalidation_listener.h"
#include "listener.h"
#include "messaging.h"
#include "metrics_publisher.h"
#include "prefetcher.h"
#include "rate_limiter.h"
#include "render_worker.h"
#include "request_handler.h"
#include "server_stats.h"
#include "session_registry.h"
#include "signal_pipe.h"
#include "thread_pool.h"
#include "tile_cache.h"
#include "tile_replicator.h"
#include "upstream_fetcher.h"

namespace tilesrv {

class Server {
public:
  Server(ServerConfig config, std::string configPath, const sigset_t &waitMask);
  ~Server();

  Server(const Server &) = delete;
  Server &operator=(const Server &) = delete;

  void start();
  void run();
  void shutdown();
  void reconfigure(const ServerConfig &next);
  void fatal(const std::string &why);

private:
  // server.cpp
  void pollOnce();
  void onAcceptable();
  void onSessionEvent(SessionId id, short revents);
  void deliverCompletions();
  void applyPurges();
  void tick(Clock::time_point now);
  void handleSignals();
  std::string adminCommand(const std::string &command);
  StatusSnapshot snapshot() const;
  TileCache *cacheForRequests();
  std::function<void(const CacheStats &)> cacheClosedCallback();

  // server_shutdown.cpp
  void stopAccepting();
  void drainSessions();
  void stopWorkers();
  void flushPublisher();
  void closeCache();

  // server_reconfigure.cpp
  void reconfigurePublishers(const ServerConfig &next);
  void rebuildPublishers(const ServerConfig &next);
  void reconfigureCache(const ServerConfig &next);
  void reconfigureOrigin(const ServerConfig &next);
  void reconfigureListener(const ServerConfig &next);
  void reconfigureAccessLog(const ServerConfig &next);
  void waitForCompaction();

  static TileCache::Options cacheOptions(const ServerConfig &config);
  static UpstreamFetcher::Options fetcherOptions(const ServerConfig &config);

  ServerConfig config_;
  const std::string configPath_;
  sigset_t waitMask_;
  SignalPipe signals_;
  ServerStats stats_;

  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::shared_ptr<MetricsPublisher> metrics_;
  std::optional<AuditTrail> audit_;
  std::unique_ptr<AccessLog> accessLog_;
  std::optional<TileCache> cache_;
  std::optional<UpstreamFetcher> fetcher_;
  HealthProbe health_;

  // Filled by other threads, drained by the event loop.
  std::mutex completionsMutex_;
  std::deque<RenderResult> completions_;
  std::mutex purgesMutex_;
  std::vector<TileKey> purges_;

  ThreadPool<> background_;
  std::future<void> compaction_;
  std::unique_ptr<RenderWorker> renderer_;
  std::unique_ptr<Prefetcher> prefetcher_;
  std::unique_ptr<InvalidationListener> invalidations_;
  std::unique_ptr<TileReplicator> replicator_;

  RateLimiter limiter_;
  SessionRegistry registry_;
  std::unique_ptr<RequestHandler> handler_;
  std::unique_ptr<Listener> listener_;
  std::unique_ptr<AdminSocket> admin_;

  SessionId nextSessionId_ = 1;
  bool running_ = false;
  bool stopped_ = false;
  bool reloadRequested_ = false;
  Clock::time_point lastMaintenance_{};
};

} // namespace tilesrv
