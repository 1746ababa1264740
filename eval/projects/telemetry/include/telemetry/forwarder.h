// Forwarder: the thread that takes metric batches off the ingest inbox and
// publishes them upstream, spilling what it cannot publish to per-tenant
// spool files.
#pragma once
#include "telemetry/bounded_queue.h"
#include "telemetry/metric.h"

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace telemetry {

class SpoolRouter;
class UpstreamClient;

class Forwarder {
public:
  Forwarder(BoundedQueue<Metric> &inbox,
            std::shared_ptr<UpstreamClient> upstream, SpoolRouter &router,
            std::string topic, std::size_t batchSize,
            std::size_t tenantQuotaBytes);
  ~Forwarder();
  Forwarder(const Forwarder &) = delete;
  Forwarder &operator=(const Forwarder &) = delete;

  void start();
  /// Shuts the upstream client down and joins the thread. Idempotent.
  void stop();
  /// Switches to another upstream client (failover).
  void rebind(std::shared_ptr<UpstreamClient> upstream);

  std::size_t spilled() const noexcept { return spilled_.load(); }
  std::size_t dropped() const noexcept { return dropped_.load(); }

private:
  void run();
  void spill(const std::vector<Metric> &batch);
  void enforceQuota(const std::string &tenant);

  BoundedQueue<Metric> &inbox_;
  std::shared_ptr<UpstreamClient> upstream_;
  SpoolRouter &router_;
  std::string topic_;
  std::size_t batchSize_;
  std::size_t tenantQuotaBytes_;
  std::mutex mu_; // guards upstream_ and stopping_
  bool stopping_ = false;
  std::atomic<std::size_t> spilled_{0};
  std::atomic<std::size_t> dropped_{0};
  std::thread worker_;
};

} // namespace telemetry
