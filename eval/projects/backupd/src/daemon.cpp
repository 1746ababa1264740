// Daemon: see daemon.h. Threads: main (signal loop, reload, shutdown), the
// signal watcher (onSignal, abortNow), the scheduler (runOnce and everything
// a run starts), the publisher's sender and the pool keepalive.
#include "backupd/daemon.h"

#include <csignal>
#include <cstdio>
#include <ctime>
#include <unistd.h>

#include "backupd/scope_guard.h"

namespace backupd {

Daemon::Daemon(Config cfg, std::string configPath)
    : cfg_(std::move(cfg)), configPath_(std::move(configPath)) {
  snapshot_ = std::make_unique<Snapshot>(cfg_.stateDir);
  journal_ = std::make_unique<Journal>(cfg_.journalPath);
  catalog_ = std::make_shared<CatalogConn>(cfg_.catalogHost, cfg_.catalogPort);
  pool_ = std::make_unique<ConnPool>(cfg_.storage, cfg_.connsPerEndpoint, cfg_.keepalive);
  throttle_ = std::make_unique<Throttle>(cfg_.bandwidth);
  publisher_ = std::make_shared<ProgressPublisher>(kafka::createProducer(cfg_.kafkaBrokers),
                                                   cfg_.kafkaTopic);
  workers_ = std::make_unique<WorkerPool>();
  uploader_ = std::make_unique<Uploader>(cfg_, *pool_, *throttle_, *journal_);
  stats_ = std::make_shared<StatsReporter>(catalog_, listeners_, cfg_.statsPath);
  watcher_ = std::make_unique<SignalWatcher>();
  scheduler_ = std::make_unique<RunScheduler>(cfg_.interval, [this] { runOnce(); });
}

Daemon::~Daemon() { shutdown(); }

void Daemon::start() {
  journal_->append("backupd starting, pid " + std::to_string(::getpid()));
  publisher_->start();
  workers_->start(cfg_.compressThreads);
  pool_->startKeepalive();
  uploader_->start();
  wireListeners();
  stats_->start();
  watcher_->start([this](int sig) { onSignal(sig); });
  scheduler_->start();
}

void Daemon::wireListeners() {
  std::shared_ptr<ProgressPublisher> publisher = publisher_;
  listeners_.add([publisher](const ProgressEvent &event) {
    publisher->publish(event); // BUG: use-after-close #publisher_order
  });

  std::weak_ptr<CatalogConn> weakCatalog = catalog_;
  listeners_.add([weakCatalog](const ProgressEvent &event) {
    if (event.kind != EventKind::ChunkUploaded)
      return;
    if (auto catalog = weakCatalog.lock())
      catalog->recordChunk(event.runId, event.subject, event.bytes); // BUG: use-after-close
  });

  listeners_.add([this](const ProgressEvent &event) {
    if (event.kind == EventKind::RunFinished)
      journal_->append("run " + event.runId + " finished, " + std::to_string(event.bytes) + " bytes"); // OK: events fire only inside a run; the journal is closed after the scheduler thread was joined
  });
}

int Daemon::run() {
  start();
  while (auto sig = signals_.pop()) { // OK: pop() returns nullopt once closed, it never throws
    if (*sig == SIGHUP)
      reload();
    else if (*sig == SIGUSR1)
      scheduler_->triggerNow();
    else
      break; // SIGINT / SIGTERM
  }
  shutdown();
  return 0;
}

void Daemon::onSignal(int sig) {
  if ((sig == SIGINT || sig == SIGTERM) && terminating_.exchange(true)) {
    abortNow();
    return;
  }
  signals_.push(sig); // OK: signals_ is closed only in shutdown(), after this (watcher) thread was joined
}

void Daemon::abortNow() {
  journal_->append("second termination signal: aborting the run in flight"); // OK: the journal is closed at the end of shutdown(), after the watcher thread was joined
  {
    std::lock_guard<std::mutex> lock(currentMu_);
    if (current_)
      current_->cancel();
  }
  publisher_->abort();
}

std::string Daemon::makeRunId() {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
  return std::string(stamp) + "-" + std::to_string(++runCounter_);
}

void Daemon::runOnce() {
  std::lock_guard<std::mutex> life(runLifecycleMu_);
  auto run = std::make_shared<BackupRun>(
      RunDeps{cfg_, *workers_, *uploader_, catalog_, *journal_, listeners_, compressor_},
      makeRunId());
  {
    std::lock_guard<std::mutex> lock(currentMu_);
    current_ = run;
  }
  ScopeGuard clearCurrent([this] {
    std::lock_guard<std::mutex> lock(currentMu_);
    current_.reset();
  });

  const RunResult result = run->execute();
  snapshot_->writeState(result);
  snapshot_->saveCursor(result.runId);
  stats_->flush(result);
  uploader_->reportStatus("run " + result.runId + " uploaded=" + std::to_string(result.uploaded) +
                          " failed=" + std::to_string(result.failed));
}

void Daemon::reload() {
  Config fresh;
  try {
    fresh = Config::load(configPath_);
  } catch (const std::exception &e) {
    journal_->append(std::string("reload failed: ") + e.what());
    return;
  }
  if (!journal_->reopen())
    std::fprintf(stderr, "backupd: journal reopen failed, still writing to the old file\n");
  journal_->append("configuration reloaded"); // OK: reopen() keeps the current file open when it fails
  throttle_->setRate(fresh.bandwidth);
  try {
    reloadCatalog(fresh);
  } catch (const CatalogError &e) {
    journal_->append(std::string("catalog reload failed: ") + e.what());
  }
}

void Daemon::reloadCatalog(const Config &fresh) {
  std::lock_guard<std::mutex> life(runLifecycleMu_); // no run in flight while we swap
  auto replacement = std::make_shared<CatalogConn>(fresh.catalogHost, fresh.catalogPort);
  std::shared_ptr<CatalogConn> old = std::move(catalog_);
  catalog_ = std::move(replacement);
  old->close();
  catalog_->record("daemon", "catalog", fresh.catalogHost + ":" + std::to_string(fresh.catalogPort)); // OK: catalog_ is the fresh connection, only the old one was closed
  cfg_.catalogHost = fresh.catalogHost;
  cfg_.catalogPort = fresh.catalogPort;
}

void Daemon::shutdown() {
  std::lock_guard<std::mutex> lock(shutdownMu_);
  if (shutDown_)
    return;
  shutDown_ = true;
  terminating_ = true;
  journal_->append("shutting down");

  throttle_->close();  // uploads waiting for bandwidth give up right away
  publisher_->stop();  // SAME: publisher_order
  scheduler_->stop();  // waits for the run in flight
  workers_->stop();    // OK: the only submitter (a run, on the scheduler thread) was joined above
  watcher_->stop();
  signals_.close();    // OK: the watcher thread, the only pusher, was joined above
  try {
    uploader_->stop();
  } catch (const std::exception &e) {
    journal_->append(std::string("uploader stop failed: ") + e.what());
  }
  uploader_.reset();   // BUG: double-close #uploader_dtor
  pool_->closeAll();   // OK: no upload can be in flight any more, the run and the uploader are gone
  stats_->stop();
  catalog_->close();   // OK: idempotent; a rejected beginRun() may already have closed it
  journal_->append("shutdown complete");
  journal_->close();
  snapshot_->close();
}

} // namespace backupd
