// Batcher: collects the service's own metrics and publishes them upstream in
// batches.
#pragma once
#include "telemetry/metric.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace telemetry {

class UpstreamClient;

class Batcher {
public:
  Batcher(std::shared_ptr<UpstreamClient> upstream, std::string topic,
          std::size_t maxBatch);

  /// Publishes the batch once it holds maxBatch metrics.
  void add(const Metric &m);
  /// Publishes what is pending (nothing when empty).
  void flushPending();
  void rebind(std::shared_ptr<UpstreamClient> upstream);
  std::size_t pending() const noexcept { return pending_.size(); }

private:
  std::shared_ptr<UpstreamClient> upstream_;
  std::string topic_;
  std::size_t maxBatch_;
  std::vector<Metric> pending_;
};

} // namespace telemetry
