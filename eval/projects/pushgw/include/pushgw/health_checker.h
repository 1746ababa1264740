// The health checker: a thread that pings a canary connection and runs the
// health probes registered per provider connection (callbacks that capture
// the connection), publishes "unhealthy" events on the shared Kafka producer
// and posts reconnect tasks to the worker pool. stop() joins the thread and
// then closes the canary. The BUG markers are in src/health_checker.cpp.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "messaging.h"
#include "pushgw/provider_connection.h"
#include "pushgw/worker_pool.h"

namespace pushgw {

class HealthChecker {
public:
  using Probe = std::function<bool()>;

  HealthChecker(WorkerPool &pool, std::shared_ptr<kafka::KafkaProducer> producer,
                std::string topic, std::chrono::milliseconds interval);
  ~HealthChecker();
  HealthChecker(const HealthChecker &) = delete;
  HealthChecker &operator=(const HealthChecker &) = delete;

  /// Both before start().
  void setCanary(std::unique_ptr<ProviderConnection> canary);
  void setReconnect(std::function<void(const std::string &)> reconnect);

  /// Probes run on the health thread under mu_: once removeProbe() returns,
  /// that probe will not run again.
  void addProbe(std::uint64_t connectionId, std::string tenant, Probe probe);
  void removeProbe(std::uint64_t connectionId);

  void start();
  void stop();

private:
  struct Entry {
    std::string tenant;
    Probe check;
  };
  void run();

  WorkerPool &pool_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  const std::chrono::milliseconds interval_;
  std::unique_ptr<ProviderConnection> canary_;
  std::function<void(const std::string &)> reconnect_;

  std::mutex mu_;
  std::condition_variable cv_;
  bool running_ = false;
  std::unordered_map<std::uint64_t, Entry> probes_;
  std::thread thread_;
};

} // namespace pushgw
