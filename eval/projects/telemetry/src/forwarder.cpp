// forwarder.cpp: Forwarder. Its thread takes batches off the ingest inbox and
// publishes them on the (shared) upstream client; what cannot be published is
// spilled to the tenant's spool file, within a per-tenant quota.
#include "telemetry/forwarder.h"
#include "telemetry/spool_router.h"
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"

#include <chrono>
#include <exception>

namespace telemetry {

Forwarder::Forwarder(BoundedQueue<Metric> &inbox,
                     std::shared_ptr<UpstreamClient> upstream,
                     SpoolRouter &router, std::string topic,
                     std::size_t batchSize, std::size_t tenantQuotaBytes)
    : inbox_(inbox), upstream_(std::move(upstream)), router_(router),
      topic_(std::move(topic)), batchSize_(batchSize == 0 ? 1 : batchSize),
      tenantQuotaBytes_(tenantQuotaBytes) {}

Forwarder::~Forwarder() { stop(); }

void Forwarder::start() {
  worker_ = std::thread([this] { run(); });
}

void Forwarder::rebind(std::shared_ptr<UpstreamClient> upstream) {
  std::lock_guard<std::mutex> lock(mu_);
  upstream_ = std::move(upstream);
}

void Forwarder::run() {
  for (;;) {
    std::vector<Metric> batch =
        inbox_.popBatch(batchSize_, std::chrono::milliseconds(250));
    if (batch.empty()) {
      if (inbox_.closed())
        break;
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_)
        break;
      continue;
    }

    std::unique_lock<std::mutex> lock(mu_);
    if (stopping_) {
      lock.unlock();
      spill(batch);
      break;
    }
    try {
      upstream_->publish(topic_, encodeBatch(batch)); // OK: stop() sets stopping_ and shuts the client down under mu_, held here since the check
    } catch (const std::exception &e) {
      lock.unlock();
      logWarn("forwarder: publish failed, spilling " +
              std::to_string(batch.size()) + " metrics: " + e.what());
      spill(batch);
    }
  }
  router_.closeAll();
  logInfo("forwarder: stopped, " + std::to_string(spilled_.load()) +
          " metrics spilled, " + std::to_string(dropped_.load()) + " dropped");
}

void Forwarder::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
    upstream_->shutdown(); // OK: run() publishes only under mu_, after checking stopping_
  }
  if (worker_.joinable())
    worker_.join();
}

void Forwarder::spill(const std::vector<Metric> &batch) {
  for (const auto &m : batch) {
    const std::string tenant =
        m.tenant.empty() ? SpoolRouter::kFallbackTenant : m.tenant;
    SpoolFile &spool = router_.spool(tenant);
    if (!spool.is_open()) {
      ++dropped_; // the tenant went over its quota
      continue;
    }
    spool.append(encodeLine(m)); // OK: spools closed by enforceQuota() are skipped just above
    ++spilled_;
    enforceQuota(tenant);
  }
}

void Forwarder::enforceQuota(const std::string &tenant) {
  SpoolFile &spool = router_.spool(tenant);
  if (spool.bytesWritten() < tenantQuotaBytes_)
    return;
  logWarn("forwarder: tenant " + tenant + " reached its spool quota of " +
          std::to_string(tenantQuotaBytes_) + " bytes");
  router_.close(tenant);
  router_.spool(tenant).append("# quota reached " + nowIso8601() + ", later metrics dropped\n"); // BUG: use-after-close
}

} // namespace telemetry
