// BackupRun: one backup run. execute() walks the roots on a walker thread
// (paths -> pathQ_), compresses on the daemon's WorkerPool (-> uploadQ_),
// uploads on a per-run Scheduler, then writes and commits the manifest.
// cancel() may be called from another thread: it closes both queues so every
// stage stops early; it is idempotent.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "backupd/blocking_queue.h"
#include "backupd/catalog_conn.h"
#include "backupd/chunk.h"
#include "backupd/compressor.h"
#include "backupd/config.h"
#include "backupd/file_processor.h"
#include "backupd/journal.h"
#include "backupd/listener_registry.h"
#include "backupd/manifest_writer.h"
#include "backupd/uploader.h"
#include "backupd/worker_pool.h"

namespace backupd {

struct RunDeps {
  const Config &cfg;
  WorkerPool &workers;
  Uploader &uploader;
  std::shared_ptr<CatalogConn> catalog;
  Journal &journal;
  ListenerRegistry &listeners;
  const Compressor &compressor;
};

class BackupRun {
public:
  BackupRun(RunDeps deps, std::string runId);
  RunResult execute();
  void cancel();
  const std::string &id() const { return runId_; }

private:
  void registerRun();
  void walkLoop();
  void compressLoop();
  void uploadLoop();
  void finalize();
  std::string rootsLine() const;

  const Config &cfg_;
  WorkerPool &workers_;
  Uploader &uploader_;
  std::shared_ptr<CatalogConn> catalog_;
  Journal &journal_;
  ListenerRegistry &listeners_;
  std::string runId_;

  BlockingQueue<std::string> pathQ_;
  BlockingQueue<CompressedChunk> uploadQ_;
  ManifestWriter manifest_;
  FileProcessor processor_;

  std::atomic<bool> cancelled_{false};
  std::atomic<std::size_t> files_{0};
  std::atomic<std::size_t> skipped_{0};
  std::atomic<std::size_t> uploaded_{0};
  std::atomic<std::size_t> failed_{0};
  std::atomic<std::uint64_t> bytes_{0};
};

} // namespace backupd
