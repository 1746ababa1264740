// BackupRun: see backup_run.h.
#include "backupd/backup_run.h"

#include <system_error>
#include <thread>

#include "backupd/dir_walker.h"
#include "backupd/fd_utils.h"
#include "scheduler.h"

namespace backupd {

BackupRun::BackupRun(RunDeps deps, std::string runId)
    : cfg_(deps.cfg), workers_(deps.workers), uploader_(deps.uploader),
      catalog_(std::move(deps.catalog)), journal_(deps.journal), listeners_(deps.listeners),
      runId_(std::move(runId)),
      processor_(runId_, cfg_.chunkSize, deps.compressor, uploadQ_, listeners_) {}

std::string BackupRun::rootsLine() const {
  std::string line;
  for (const std::string &root : cfg_.roots) {
    if (!line.empty())
      line += ',';
    line += root;
  }
  return line;
}

void BackupRun::registerRun() {
  if (catalog_->state() == CatalogConn::State::Closed && !catalog_->reopen()) {
    journal_.append("catalog offline; run " + runId_ + " is not cataloged");
    return;
  }
  try {
    catalog_->beginRun(runId_); // OK: reopened just above if it was closed; nothing else closes it during a run
  } catch (const CatalogError &e) {
    journal_.append(std::string("catalog: ") + e.what());
  }
  catalog_->record(runId_, "roots", rootsLine()); // BUG: use-after-close
}

RunResult BackupRun::execute() {
  registerRun();
  manifest_.open(cfg_.stateDir + "/manifest-" + runId_, runId_);
  journal_.append("run " + runId_ + " started");
  listeners_.fire(ProgressEvent{EventKind::RunStarted, runId_, rootsLine(), 0});

  std::thread walker([this] { walkLoop(); });
  for (unsigned i = 0; i < cfg_.compressThreads; ++i)
    workers_.submit([this] { compressLoop(); }); // OK: the daemon stops the pool only after joining the scheduler thread that runs us
  Scheduler uploads(cfg_.uploadThreads);
  for (unsigned i = 0; i < cfg_.uploadThreads; ++i)
    uploads.submit([this] { uploadLoop(); });

  walker.join();
  workers_.waitIdle();
  uploadQ_.close(); // OK: every compress task (the only producers) has returned: waitIdle() above
  uploads.wait();
  uploads.shutdown();

  finalize();

  RunResult result;
  result.runId = runId_;
  result.files = files_.load();
  result.skipped = skipped_.load();
  result.uploaded = uploaded_.load();
  result.failed = failed_.load();
  result.bytes = bytes_.load();
  result.cancelled = cancelled_.load();
  result.manifestPath = manifest_.path();
  return result;
}

void BackupRun::walkLoop() {
  DirWalker walker(cfg_.roots);
  std::string path;
  while (!pathQ_.closed() && walker.next(path))
    pathQ_.push(path); // BUG: use-after-close #cancel_walk
  pathQ_.close(); // OK: close() is idempotent, cancel() may have closed it first
}

void BackupRun::compressLoop() {
  while (auto path = pathQ_.pop()) { // OK: pop() drains, then returns nullopt once the queue is closed
    if (cancelled_.load())
      continue;
    ++files_;
    try {
      processor_.process(*path);
    } catch (const std::system_error &e) {
      ++skipped_;
      journal_.append("skipped " + *path + ": " + e.what());
    }
  }
}

void BackupRun::uploadLoop() {
  while (auto chunk = uploadQ_.pop()) { // OK: pop() never throws; nullopt once closed and drained
    try {
      uploader_.upload(*chunk);
      manifest_.addEntry(*chunk); // OK: finish() runs in finalize(), after uploads.wait() returned
      uploader_.appendIndex(chunk->id, chunk->id + " " + runId_ + " " + chunk->file + " " +
                                           std::to_string(chunk->offset));
      ++uploaded_;
      bytes_ += chunk->data.size();
      listeners_.fire(
          ProgressEvent{EventKind::ChunkUploaded, runId_, chunk->id, chunk->data.size()});
    } catch (const std::exception &e) {
      ++failed_;
      journal_.append("upload of " + chunk->id + " failed: " + e.what());
      listeners_.fire(ProgressEvent{EventKind::ChunkFailed, runId_, chunk->id, chunk->data.size()});
    }
  }
}

void BackupRun::finalize() {
  const bool cataloged = catalog_->state() == CatalogConn::State::Open;
  manifest_.finish();
  const std::string digest = fileDigest(manifest_.path());
  manifest_.writeTrailer(digest, failed_.load()); // BUG: use-after-close
  if (!cancelled_.load()) {
    uploader_.flushIndex();
    uploader_.commitManifest(manifest_.path());
  }
  const std::string summary =
      "uploaded=" + std::to_string(uploaded_.load()) + " failed=" + std::to_string(failed_.load());
  if (cataloged)
    catalog_->endRun(runId_, summary); // OK: stored state query; nothing since closes the catalog (only beginRun() on this thread can during a run; reload and shutdown wait for the run)
  journal_.append("run " + runId_ + " finished");
  listeners_.fire(ProgressEvent{EventKind::RunFinished, runId_, manifest_.path(), bytes_.load()});
}

void BackupRun::cancel() {
  cancelled_.store(true);
  pathQ_.close(); // SAME: cancel_walk
  uploadQ_.close(); // SAME: cancel_upload
}

} // namespace backupd
