// The historian service: owns every component, runs the main loop on the
// main thread and applies configuration reloads between poll cycles.
#pragma once
#include "alarm_evaluator.h"
#include "compactor.h"
#include "config.h"
#include "ingest_pipeline.h"
#include "link_maintenance.h"
#include "link_table.h"
#include "messaging.h"
#include "metrics.h"
#include "poll_cycle.h"
#include "query_service.h"
#include "scheduler.h"
#include "segment_store.h"
#include "shutdown.h"
#include "signal_pipe.h"
#include "spill_journal.h"
#include "status_report.h"
#include "upstream.h"
#include "watchdog.h"
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace histd {

class Historian {
public:
  Historian(std::string configPath, Config config);
  ~Historian();

  Historian(const Historian &) = delete;
  Historian &operator=(const Historian &) = delete;

  /// Runs until SIGTERM/SIGINT, then shuts down. Returns the exit status.
  int run();
  void reload(const Config &next);

private:
  friend std::vector<ShutdownStep> buildShutdownSteps(Historian &historian);

  void reloadFrom(const std::string &path);
  void tick(int64_t nowMicros);
  void handleSpool();
  void recordEvent(const std::string &what);
  StatusSnapshot snapshot() const;
  MetricsSnapshot metrics() const;

  std::string configPath_;
  Config cfg_;
  SignalPipe signals_;
  Scheduler housekeeping_{1};
  std::shared_ptr<kafka::KafkaProducer> alarms_;
  std::unique_ptr<SegmentStore> store_;
  std::unique_ptr<Compactor> compactor_;
  std::unique_ptr<IngestPipeline> ingest_;
  LinkTable table_;
  LinkMaintenance maintenance_;
  Watchdog watchdog_;
  AlarmEvaluator evaluator_;
  std::unique_ptr<PollCycle> poll_;
  std::unique_ptr<QueryService> queries_;
  std::unique_ptr<SpillJournal> spill_;
  std::unique_ptr<UpstreamForwarder> upstream_;
  std::optional<std::ofstream> events_;
  std::optional<StatusReport> status_;
  std::optional<MetricsReporter> metricsReporter_;
  int64_t lastSyncMicros_ = 0;
  int64_t lastStatusMicros_ = 0;
  int64_t lastRetentionMicros_ = 0;
};

} // namespace histd
