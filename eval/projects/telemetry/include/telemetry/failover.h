// FailoverManager: owns the active upstream client and moves the pipeline to
// the backup cluster when the primary keeps failing.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace telemetry {

class Batcher;
class Forwarder;
class UpstreamClient;

class FailoverManager {
public:
  FailoverManager(std::shared_ptr<UpstreamClient> primary,
                  std::string backupBrokers, Forwarder &forwarder,
                  Batcher &selfMetrics, bool announceOnOldCluster);

  /// The client currently in use.
  UpstreamClient &primary();
  /// Publishes a probe record; false when the active client is down.
  bool probe();
  void promoteBackup(const std::string &reason);
  void onPromoted(std::function<void(const std::string &brokers)> listener);

private:
  std::shared_ptr<UpstreamClient> active_;
  std::string backupBrokers_;
  Forwarder &forwarder_;
  Batcher &selfMetrics_;
  bool announceOnOldCluster_;
  bool promoted_ = false;
  std::vector<std::function<void(const std::string &)>> listeners_;
};

} // namespace telemetry
