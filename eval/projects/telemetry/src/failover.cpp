// failover.cpp: FailoverManager. Probes the active upstream client from the
// main loop and, when the primary cluster keeps failing, moves the forwarder
// and the self-metrics batcher to a client for the backup cluster.
#include "telemetry/failover.h"
#include "telemetry/batcher.h"
#include "telemetry/forwarder.h"
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"

#include <exception>

namespace telemetry {
namespace {
constexpr const char *kProbeTopic = "telemetry.probe";
constexpr const char *kStatusTopic = "telemetry.status";
} // namespace

FailoverManager::FailoverManager(std::shared_ptr<UpstreamClient> primary,
                                 std::string backupBrokers,
                                 Forwarder &forwarder, Batcher &selfMetrics,
                                 bool announceOnOldCluster)
    : active_(std::move(primary)), backupBrokers_(std::move(backupBrokers)),
      forwarder_(forwarder), selfMetrics_(selfMetrics),
      announceOnOldCluster_(announceOnOldCluster) {}

UpstreamClient &FailoverManager::primary() { return *active_; }

void FailoverManager::onPromoted(
    std::function<void(const std::string &brokers)> listener) {
  listeners_.push_back(std::move(listener));
}

bool FailoverManager::probe() {
  // The active client is shut down, never disconnect()ed: Connected and
  // Closed are the only states it can be in.
  if (active_->state() == UpstreamClient::State::Closed)
    return false;
  try {
    active_->publish(kProbeTopic, "probe " + nowIso8601()); // OK: state() is not Closed, checked above
    return true;
  } catch (const std::exception &e) {
    logWarn(std::string("failover: probe failed: ") + e.what());
    return false;
  }
}

void FailoverManager::promoteBackup(const std::string &reason) {
  if (backupBrokers_.empty() || promoted_) {
    logError("failover: no backup cluster to move to (" + reason + ")");
    return;
  }
  logWarn("failover: moving to " + backupBrokers_ + ": " + reason);
  std::shared_ptr<UpstreamClient> previous = active_;
  active_ = std::make_shared<UpstreamClient>(backupBrokers_);
  forwarder_.rebind(active_); // from here on the forwarder thread never touches `previous`
  selfMetrics_.rebind(active_);
  previous->shutdown();
  promoted_ = true;

  active_->publish(kStatusTopic, "failover to " + backupBrokers_ + ": " + reason); // OK: active_ is the client created above, only `previous` was shut down
  for (const auto &listener : listeners_)
    listener(backupBrokers_);
  if (announceOnOldCluster_)
    previous->publish(kStatusTopic, "failover: leaving this cluster (" + reason + ")"); // BUG: use-after-close
}

} // namespace telemetry
