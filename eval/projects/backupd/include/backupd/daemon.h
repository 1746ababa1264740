// Daemon: owns every component, wires the listeners, runs the signal loop and
// coordinates the shutdown. shutdown() is idempotent; the destructor calls it.
// A second SIGINT/SIGTERM during a shutdown aborts the run in flight.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "backupd/backup_run.h"
#include "backupd/blocking_queue.h"
#include "backupd/catalog_conn.h"
#include "backupd/compressor.h"
#include "backupd/config.h"
#include "backupd/conn_pool.h"
#include "backupd/journal.h"
#include "backupd/listener_registry.h"
#include "backupd/progress_publisher.h"
#include "backupd/run_scheduler.h"
#include "backupd/signal_watcher.h"
#include "backupd/snapshot.h"
#include "backupd/stats_reporter.h"
#include "backupd/throttle.h"
#include "backupd/uploader.h"
#include "backupd/worker_pool.h"

namespace backupd {

class Daemon {
public:
  Daemon(Config cfg, std::string configPath);
  ~Daemon();
  Daemon(const Daemon &) = delete;
  Daemon &operator=(const Daemon &) = delete;

  int run();
  void shutdown();

private:
  void start();
  void wireListeners();
  void onSignal(int sig);
  void runOnce();
  void reload();
  void reloadCatalog(const Config &cfg);
  void abortNow();
  std::string makeRunId();

  Config cfg_;
  std::string configPath_;
  std::unique_ptr<Snapshot> snapshot_;
  std::unique_ptr<Journal> journal_;
  std::shared_ptr<CatalogConn> catalog_;
  std::unique_ptr<ConnPool> pool_;
  std::unique_ptr<Throttle> throttle_;
  std::shared_ptr<ProgressPublisher> publisher_;
  ListenerRegistry listeners_;
  Compressor compressor_;
  std::unique_ptr<WorkerPool> workers_;
  std::unique_ptr<Uploader> uploader_;
  std::shared_ptr<StatsReporter> stats_;
  std::unique_ptr<SignalWatcher> watcher_;
  BlockingQueue<int> signals_;
  std::unique_ptr<RunScheduler> scheduler_;

  std::mutex runLifecycleMu_; // held for a whole run, and by reloadCatalog()
  std::mutex currentMu_;      // guards current_
  std::shared_ptr<BackupRun> current_;
  std::atomic<bool> terminating_{false};
  std::mutex shutdownMu_;
  bool shutDown_ = false;
  unsigned long runCounter_ = 0;
};

} // namespace backupd
