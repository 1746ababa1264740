// Uploader: see uploader.h.
#include "backupd/uploader.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "backupd/storage_protocol.h"

namespace backupd {

Uploader::Uploader(const Config &cfg, ConnPool &pool, Throttle &throttle, Journal &journal)
    : endpoints_(cfg.storage), statusEndpoint_(cfg.statusEndpoint), indexShards_(cfg.indexShards),
      partSize_(std::max<std::size_t>(cfg.partSize, 1)), pool_(pool), throttle_(throttle),
      journal_(journal),
      retry_(cfg.maxAttempts, std::chrono::milliseconds(200), std::chrono::milliseconds(10000)),
      committer_(cfg.pipelineTrailers, retry_) {}

Uploader::~Uploader() {
  if (status_)
    status_->close(); // SAME: uploader_dtor
}

void Uploader::start() {
  {
    std::lock_guard<std::mutex> lock(statusMu_);
    status_ = std::make_shared<StorageConn>(statusEndpoint_.host, statusEndpoint_.port);
    if (status_->connect()) {
      statusUp_ = true;
    } else {
      journal_.append("status stream to " + statusEndpoint_.name() + " unavailable");
      status_.reset();
    }
  }
  std::lock_guard<std::mutex> lock(indexMu_);
  for (int shard = 0; shard < indexShards_; ++shard) {
    const Endpoint &ep = endpoints_[static_cast<std::size_t>(shard) % endpoints_.size()];
    router_.pin(shard, ep.host, ep.port);
  }
}

int Uploader::shardFor(const std::string &chunkId) const {
  return static_cast<int>(std::hash<std::string>{}(chunkId) % static_cast<std::size_t>(indexShards_));
}

void Uploader::upload(const CompressedChunk &chunk) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      throw std::runtime_error("uploader stopped");
  }
  if (!throttle_.acquire(chunk.data.size()))
    throw std::runtime_error("upload of " + chunk.id + " cancelled: throttle closed");

  for (int attempt = 1;; ++attempt) {
    std::shared_ptr<StorageConn> conn = pool_.acquire();
    try {
      sendChunk(*conn, chunk); // OK: a fresh connection is acquired on every attempt
      committer_.commit(*conn, chunk);
      pool_.release(std::move(conn), true);
      return;
    } catch (const proto::GoingAway &) {
      handleGoingAway(conn);
    } catch (const std::runtime_error &e) {
      pool_.release(conn, false);
      if (attempt >= retry_.maxAttempts()) {
        journal_.append("giving up on " + chunk.id + ": " + e.what());
        conn->send(proto::encodeAbortFrame(chunk.id)); // BUG: use-after-close
        throw;
      }
      retry_.sleepBackoff(attempt);
    }
  }
}

void Uploader::sendChunk(StorageConn &conn, const CompressedChunk &chunk) {
  std::size_t off = 0;
  bool resumed = false;
  while (off < chunk.data.size()) {
    const std::size_t n = std::min(partSize_, chunk.data.size() - off);
    try {
      conn.send(proto::encodePartFrame(chunk.id, off, chunk.data.substr(off, n)));
    } catch (const std::runtime_error &) {
      if (off == 0 || resumed)
        throw; // nothing to resume (or resumed once already): upload() retries the chunk
      resume(conn, chunk, off);
      resumed = true;
      continue;
    }
    off += n;
  }
}

void Uploader::resume(StorageConn &conn, const CompressedChunk &chunk, std::size_t offset) {
  journal_.append("resuming " + chunk.id + " at " + std::to_string(offset));
  conn.reconnect();
  conn.send(proto::encodeResumeFrame(chunk.id, offset)); // BUG: use-after-close
}

void Uploader::handleGoingAway(const std::shared_ptr<StorageConn> &conn) {
  journal_.append("storage node " + conn->endpoint() + " is going away");
  conn->close();
  pool_.markDown(conn); // BUG: double-close #markdown
}

void Uploader::appendIndex(const std::string &chunkId, const std::string &line) {
  std::lock_guard<std::mutex> lock(indexMu_);
  pendingIndex_[shardFor(chunkId)].push_back(proto::encodeIndexFrame(line));
}

void Uploader::flushIndex() {
  std::lock_guard<std::mutex> lock(indexMu_);
  for (auto &entry : pendingIndex_) {
    for (const std::string &frame : entry.second)
      router_.send(entry.first, frame); // OK: the router is closed only by stop(), which the daemon calls after the last run
    entry.second.clear();
  }
}

void Uploader::commitManifest(const std::string &path) { committer_.commitManifest(pool_, path); }

void Uploader::reportStatus(const std::string &line) {
  std::lock_guard<std::mutex> lock(statusMu_);
  if (!statusUp_)
    return;
  status_->send(proto::encodeStatusFrame(line)); // BUG: use-after-close
  if (!proto::verifyAck(*status_, "status"))
    journal_.append("storage refused a status report");
}

void Uploader::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    stopped_ = true;
  }
  {
    std::lock_guard<std::mutex> lock(statusMu_);
    if (statusUp_ && *status_) {
      status_->send(proto::encodeStatusFrame("bye")); // OK: checked open (operator bool) under statusMu_, the only lock users of status_ take
      status_->close();
    }
    statusUp_ = false;
  }
  std::lock_guard<std::mutex> lock(indexMu_);
  router_.closeAll();
  for (const auto &entry : pendingIndex_) {
    for (const std::string &frame : entry.second)
      router_.send(entry.first, frame); // BUG: use-after-close #index_flush
  }
  pendingIndex_.clear();
}

} // namespace backupd
