// batcher.cpp: Batcher, which collects the service's own metrics (agents
// connected, queue depths) and publishes them on the shared upstream client.
#include "telemetry/batcher.h"
#include "telemetry/upstream_client.h"

namespace telemetry {

Batcher::Batcher(std::shared_ptr<UpstreamClient> upstream, std::string topic,
                 std::size_t maxBatch)
    : upstream_(std::move(upstream)), topic_(std::move(topic)),
      maxBatch_(maxBatch == 0 ? 1 : maxBatch) {}

void Batcher::add(const Metric &m) {
  pending_.push_back(m);
  if (pending_.size() >= maxBatch_)
    flushPending();
}

void Batcher::flushPending() {
  if (pending_.empty())
    return;
  const std::string payload = encodeBatch(pending_);
  upstream_->publish(topic_, payload); // SAME: self-metrics-after-stop
  pending_.clear();
}

void Batcher::rebind(std::shared_ptr<UpstreamClient> upstream) {
  upstream_ = std::move(upstream);
}

} // namespace telemetry
