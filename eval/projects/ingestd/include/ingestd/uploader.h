// Ships finished segments to object storage on a WorkerPool.
//
// Small segments are stored with one putObject() and are also appended as a
// part to the stream's archive object (one multipart upload per stream,
// completed after maxArchiveParts parts or when the stream ends). Large
// segments are uploaded as their own multipart upload. Failed jobs are kept
// and retried once more when the uploader stops; a failed job's file is
// also copied to the fallback spool.
//
// enqueue() after stop() throws (the pool's submit() does). stop() is
// idempotent: it drains the pool, shuts it down, completes the open
// archives, closes the spool and closes the storage client.
#pragma once
#include "ingestd/segment_info.h"
#include "ingestd/worker_pool.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ingestd {

class FallbackSpool;
class HealthMonitor;
class LogFile;
class ShutdownList;
class Stats;
class StorageClient;
class UploadSession;

struct UploadJob {
  std::string streamKey;
  std::string path;
  std::string objectKey;
  std::uint64_t bytes = 0;
};

class Uploader {
public:
  using StoredFn = std::function<void(const UploadJob &job)>;

  Uploader(unsigned threads, std::size_t multipartThreshold, std::size_t partSize,
           int maxArchiveParts, std::shared_ptr<StorageClient> client,
           std::shared_ptr<FallbackSpool> spool, LogFile &log, Stats &stats);
  ~Uploader();
  Uploader(const Uploader &) = delete;
  Uploader &operator=(const Uploader &) = delete;

  void start(ShutdownList &shutdown, HealthMonitor &health);
  void onStored(StoredFn fn);
  void enqueue(const SegmentInfo &segment);
  void closeStream(const std::string &streamKey);
  void stop();

private:
  void runJob(UploadJob &job);
  void uploadSmall(const UploadJob &job);
  void uploadLarge(const UploadJob &job);
  void appendToArchive(const UploadJob &job, const std::string &bytes);
  void abortArchives();
  void finishArchives();
  void retryFailed();
  void noteFailure(const UploadJob &job, const char *why);

  std::size_t multipartThreshold_;
  std::size_t partSize_;
  int maxArchiveParts_;
  std::shared_ptr<StorageClient> client_;
  std::shared_ptr<FallbackSpool> spool_;
  LogFile &log_;
  Stats &stats_;
  StoredFn onStored_;
  WorkerPool<UploadJob> pool_;

  std::mutex mu_; // failed_, stopped_
  std::vector<UploadJob> failed_;
  bool stopped_ = false;
  std::atomic<int> consecutiveFailures_{0};

  std::mutex archMu_; // archives_
  std::map<std::string, std::unique_ptr<UploadSession>> archives_;
};

} // namespace ingestd
