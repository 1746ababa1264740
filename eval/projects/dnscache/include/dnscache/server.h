// Owns every component and starts / stops them in order.
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <sys/socket.h>
#include <vector>

#include "dnscache/admin_commands.h"
#include "dnscache/cache.h"
#include "dnscache/cache_snapshot.h"
#include "dnscache/config.h"
#include "dnscache/control_socket.h"
#include "dnscache/health_checker.h"
#include "dnscache/hosts_file.h"
#include "dnscache/inflight_table.h"
#include "dnscache/metrics.h"
#include "dnscache/metrics_exporter.h"
#include "dnscache/query_log.h"
#include "dnscache/resolver.h"
#include "dnscache/session_table.h"
#include "dnscache/signal_watcher.h"
#include "dnscache/tcp_listener.h"
#include "dnscache/thread_pool.h"
#include "dnscache/timer_wheel.h"
#include "dnscache/udp_listener.h"
#include "dnscache/upstream_pool.h"
#include "dnscache/zone_file.h"

namespace dnscache {

/// stop() is idempotent (stopped_ exchange); the destructor calls it. Each
/// shutdown step runs even if an earlier one threw (stopStep logs and goes on).
class Server {
public:
  explicit Server(Config cfg);
  ~Server();
  Server(const Server &) = delete;
  Server &operator=(const Server &) = delete;

  bool start();
  void stop();
  void reload();
  void requestShutdown();
  void waitForShutdown();

private:
  void onUdpDatagram(UdpListener &listener, std::string datagram, const sockaddr_storage &from,
                     socklen_t fromLen);
  std::string onTcpQuery(const std::string &query, const std::string &peer);
  void logAnswer(const std::string &client, const std::string &reply, bool cached);
  void saveSnapshot();
  void ensureControlSocket();
  void logFinalStats();
  void stopStep(const char *what, const std::function<void()> &step);

  Config cfg_;
  Metrics metrics_;
  Cache cache_;
  CacheSnapshot snapshot_;
  HostsFile hosts_;
  ZoneFile zone_;
  InflightTable inflight_;
  std::unique_ptr<QueryLog> queryLog_;
  std::unique_ptr<ThreadPool> pool_;
  std::unique_ptr<TimerWheel> timers_;
  std::unique_ptr<UpstreamPool> upstreams_;
  std::unique_ptr<MetricsExporter> exporter_;
  std::unique_ptr<HealthChecker> health_;
  std::unique_ptr<Resolver> resolver_;
  std::shared_ptr<SessionTable> sessions_;
  std::vector<std::unique_ptr<UdpListener>> udp_;
  std::unique_ptr<TcpListener> tcp_;
  std::unique_ptr<AdminCommands> admin_;
  std::unique_ptr<ControlSocket> control_;
  std::unique_ptr<SignalWatcher> signals_;
  TimerWheel::TimerId snapshotTimer_ = 0;

  std::atomic<bool> started_{false};
  std::atomic<bool> stopped_{false};
  std::mutex shutdownMu_;
  std::condition_variable shutdownCv_;
  bool shutdownRequested_ = false;
  std::mutex reloadMu_;
};

} // namespace dnscache
