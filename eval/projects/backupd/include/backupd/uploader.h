// Uploader: sends compressed chunks to the storage servers through the
// ConnPool, under the Throttle, with retries and backoff. It also owns the
// status stream (its own StorageConn, reports to the storage cluster) and the
// index streams (ShardRouter, one pinned stream per index shard).
//
// Semantics:
//   - upload() throws std::runtime_error once stop() ran;
//   - reportStatus() sends one status line on the status stream; the server
//     may NAK it, which closes the stream (proto::verifyAck);
//   - stop() says "bye" on the status stream and closes it, closes the index
//     streams and writes out the index lines still pending; it is idempotent;
//   - the destructor closes the status stream if it is still set.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backupd/chunk.h"
#include "backupd/chunk_committer.h"
#include "backupd/config.h"
#include "backupd/conn_pool.h"
#include "backupd/journal.h"
#include "backupd/retry_policy.h"
#include "backupd/shard_router.h"
#include "backupd/storage_conn.h"
#include "backupd/throttle.h"

namespace backupd {

class Uploader {
public:
  Uploader(const Config &cfg, ConnPool &pool, Throttle &throttle, Journal &journal);
  ~Uploader();
  Uploader(const Uploader &) = delete;
  Uploader &operator=(const Uploader &) = delete;

  void start();
  void upload(const CompressedChunk &chunk);
  void appendIndex(const std::string &chunkId, const std::string &line);
  void flushIndex();
  void commitManifest(const std::string &path);
  void reportStatus(const std::string &line);
  void stop();

private:
  void sendChunk(StorageConn &conn, const CompressedChunk &chunk);
  void resume(StorageConn &conn, const CompressedChunk &chunk, std::size_t offset);
  void handleGoingAway(const std::shared_ptr<StorageConn> &conn);
  int shardFor(const std::string &chunkId) const;

  std::vector<Endpoint> endpoints_;
  Endpoint statusEndpoint_;
  int indexShards_;
  std::size_t partSize_;
  ConnPool &pool_;
  Throttle &throttle_;
  Journal &journal_;
  RetryPolicy retry_;
  ChunkCommitter committer_;

  std::mutex mu_;
  bool stopped_ = false;

  std::mutex statusMu_;
  std::shared_ptr<StorageConn> status_;
  bool statusUp_ = false;

  std::mutex indexMu_;
  ShardRouter router_;
  std::map<int, std::vector<std::string>> pendingIndex_;
};

} // namespace backupd
