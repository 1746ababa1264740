// The log shipping agent: tails files, batches lines, ships batches upstream,
// spools what cannot be shipped.
#pragma once
#include "logship/batcher.h"
#include "logship/checkpoint.h"
#include "logship/config.h"
#include "logship/config_reloader.h"
#include "logship/file_tailer.h"
#include "logship/metrics.h"
#include "logship/scheduler.h"
#include "logship/spool.h"
#include "logship/thread_pool.h"
#include "logship/upstream_set.h"
#include "logship/watcher.h"
#include "messaging.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace logship {

struct AgentStatus {
  bool running = false;
  bool upstreamOpen = false;
  std::size_t upstreams = 0;
  std::size_t spooled = 0;
  std::size_t queuedTasks = 0;
  std::size_t files = 0;
  std::size_t configGeneration = 0;
};

class Agent {
public:
  Agent(Config cfg, std::string configPath);
  ~Agent();
  Agent(const Agent &) = delete;
  Agent &operator=(const Agent &) = delete;

  /// Called once; the pool and the scheduler cannot be restarted.
  bool start();
  /// Idempotent.
  void stop();
  /// Emits the current partial batch and retries the spool.
  void flush();
  /// Re-reads the config file; true if something changed.
  bool reload();
  AgentStatus status() const;

private:
  void onFileEvent(const std::string &path);
  void onBatch(std::vector<std::string> lines);
  void shipBatch(const std::string &payload);
  bool reconnectLocked(UpstreamConnection &up);
  bool tryStandbyLocked(const std::string &payload);
  void spoolOrDrop(const std::string &payload);
  void deadLetter(const std::string &payload);
  void drainSpool();
  void saveCheckpoint();

  Config cfg_;
  std::atomic<bool> running_{false};
  ThreadPool pool_;
  Scheduler scheduler_;
  Spool spool_;
  Checkpoint checkpoint_;
  mutable std::mutex shipMu_; // guards upstreams_ and the standby
  UpstreamSet upstreams_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<MetricsExporter> metrics_;
  std::unique_ptr<Batcher> batcher_;
  std::unique_ptr<Watcher> watcher_;
  ConfigReloader reloader_;
  mutable std::mutex tailersMu_;
  std::map<std::string, std::unique_ptr<FileTailer>> tailers_;
};

} // namespace logship
