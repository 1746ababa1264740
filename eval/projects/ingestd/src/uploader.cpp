// Uploader: ships finished segments to object storage.
#include "ingestd/uploader.h"
#include "ingestd/fallback_spool.h"
#include "ingestd/health_monitor.h"
#include "ingestd/log_file.h"
#include "ingestd/shutdown_list.h"
#include "ingestd/stats.h"
#include "ingestd/storage_client.h"
#include "ingestd/upload_parts.h"
#include "ingestd/upload_session.h"

#include <cstdio>
#include <exception>

namespace ingestd {
namespace {

// After this many failed jobs in a row the store is considered down.
constexpr int kOutageThreshold = 5;

// The archive object of a stream is named after its first segment.
std::string archiveKeyFor(const UploadJob &job) {
  const auto slash = job.objectKey.rfind('/');
  const std::string first = slash == std::string::npos ? job.objectKey : job.objectKey.substr(slash + 1);
  return job.streamKey + "/archive/" + first;
}

} // namespace

Uploader::Uploader(unsigned threads, std::size_t multipartThreshold, std::size_t partSize,
                   int maxArchiveParts, std::shared_ptr<StorageClient> client,
                   std::shared_ptr<FallbackSpool> spool, LogFile &log, Stats &stats)
    : multipartThreshold_(multipartThreshold), partSize_(partSize),
      maxArchiveParts_(maxArchiveParts), client_(std::move(client)), spool_(std::move(spool)),
      log_(log), stats_(stats), pool_(threads, [this](UploadJob &job) { runJob(job); }) {}

Uploader::~Uploader() {
  stop(); // OK: stop() is idempotent
}

void Uploader::start(ShutdownList &shutdown, HealthMonitor &health) {
  shutdown.add("uploader", [this] {
    stop(); // OK: stop() is idempotent, the daemon stops the uploader in stage 4
  });
  health.addCheck("storage", [this] {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return true;
    return client_->ping(); // OK: stopped_ is checked under mu_ and stop() sets it before closing the client
  });
  pool_.start();
}

void Uploader::onStored(StoredFn fn) { onStored_ = std::move(fn); }

void Uploader::enqueue(const SegmentInfo &segment) {
  UploadJob job;
  job.streamKey = segment.streamKey;
  job.path = segment.path;
  char name[32];
  std::snprintf(name, sizeof name, "%08llu.seg", static_cast<unsigned long long>(segment.seq));
  job.objectKey = segment.streamKey + "/" + name;
  job.bytes = segment.bytes;
  pool_.submit(std::move(job));
}

void Uploader::runJob(UploadJob &job) {
  try {
    if (job.bytes > multipartThreshold_)
      uploadLarge(job);
    else
      uploadSmall(job);
    consecutiveFailures_.store(0);
    stats_.uploads.fetch_add(1);
    if (onStored_)
      onStored_(job);
  } catch (const std::exception &e) {
    noteFailure(job, e.what());
    if (consecutiveFailures_.fetch_add(1) + 1 == kOutageThreshold) {
      log_.warn("object store looks down, dropping the open archives");
      abortArchives();
    }
  }
}

void Uploader::noteFailure(const UploadJob &job, const char *why) {
  log_.warn("upload of %s failed: %s", job.objectKey.c_str(), why);
  stats_.uploadFailures.fetch_add(1);
  try {
    spool_->appendFile(job.streamKey, job.path);
  } catch (const std::exception &e) {
    log_.warn("cannot spool %s: %s", job.path.c_str(), e.what());
  }
  std::lock_guard<std::mutex> lk(mu_);
  failed_.push_back(job);
}

void Uploader::uploadSmall(const UploadJob &job) {
  const std::string bytes = readWholeFile(job.path);
  client_->putObject(job.objectKey, bytes);
  appendToArchive(job, bytes);
}

void Uploader::uploadLarge(const UploadJob &job) {
  UploadSession upload(client_, job.objectKey);
  if (!streamFileParts(job.path, upload, partSize_)) {
    log_.warn("segment %s unreadable, upload aborted", job.path.c_str());
    std::lock_guard<std::mutex> lk(mu_);
    failed_.push_back(job);
  }
  upload.close(); // BUG: double-close
}

void Uploader::appendToArchive(const UploadJob &job, const std::string &bytes) {
  std::lock_guard<std::mutex> lk(archMu_);
  auto it = archives_.find(job.streamKey);
  if (it == archives_.end()) {
    auto archive = std::make_unique<UploadSession>(client_, archiveKeyFor(job));
    it = archives_.emplace(job.streamKey, std::move(archive)).first;
  }
  it->second->writePart(bytes); // BUG: use-after-close
  if (it->second->parts() >= maxArchiveParts_) {
    it->second->close();
    archives_.erase(it);
  }
}

void Uploader::abortArchives() {
  std::lock_guard<std::mutex> lk(archMu_);
  for (auto &entry : archives_)
    entry.second->abort(); // OK: abort() is a no-op on an archive that an earlier outage already aborted
}

void Uploader::closeStream(const std::string &streamKey) {
  std::lock_guard<std::mutex> lk(archMu_);
  auto it = archives_.find(streamKey);
  if (it == archives_.end())
    return;
  if (!it->second->finalized())
    it->second->close(); // OK: an archive aborted during an outage is only dropped
  archives_.erase(it);
}

void Uploader::finishArchives() {
  std::lock_guard<std::mutex> lk(archMu_);
  for (auto &entry : archives_)
    entry.second->close(); // BUG: double-close
  archives_.clear();
}

void Uploader::retryFailed() {
  std::vector<UploadJob> again;
  {
    std::lock_guard<std::mutex> lk(mu_);
    again.swap(failed_);
  }
  for (UploadJob &job : again)
    pool_.submit(std::move(job)); // SAME: flush_pending
}

void Uploader::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return;
    stopped_ = true;
  }
  pool_.drain();
  pool_.shutdown();
  finishArchives();
  // One last attempt for everything that failed while we were running.
  retryFailed(); // BUG: use-after-close #flush_pending
  spool_->close();
  client_->close(); // OK: the workers were joined above and the health check sees stopped_
  log_.info("uploader stopped");
}

} // namespace ingestd
