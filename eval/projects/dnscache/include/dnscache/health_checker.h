// Health checking of the upstream resolvers.
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "dnscache/upstream_pool.h"
#include "dnscache/work_queue.h"

namespace dnscache {

/// Probes every upstream each interval on its own thread, and at once when a
/// resolver reports a timeout through requestCheck(). A failing upstream gets
/// its wedged connection retired and a fresh one; if that fails too it is
/// marked down. Down upstreams are probed with a throwaway socket until they
/// answer. requestCheck() pushes onto recheck_, which stop() closes (push after
/// close throws). stop() is idempotent; the destructor calls it.
class HealthChecker {
public:
  using EventSink = std::function<void(const std::string &json)>;

  HealthChecker(UpstreamPool &pool, std::chrono::milliseconds interval,
                std::chrono::milliseconds probeTimeout, EventSink events);
  ~HealthChecker();
  HealthChecker(const HealthChecker &) = delete;
  HealthChecker &operator=(const HealthChecker &) = delete;

  void start();
  void stop();
  void requestCheck(std::size_t upstream);

private:
  void run();
  void checkAll();
  void checkOne(std::size_t upstream);
  bool probeFresh(const std::string &address);
  void emit(std::size_t upstream, const char *state);

  UpstreamPool &pool_;
  const std::chrono::milliseconds interval_;
  const std::chrono::milliseconds probeTimeout_;
  EventSink events_;
  WorkQueue<std::size_t> recheck_;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace dnscache
