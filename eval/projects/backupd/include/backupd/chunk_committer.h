// ChunkCommitter: the commit half of the storage protocol.
//   - commit(conn, chunk) asks the server to commit an uploaded chunk and
//     checks the reply; a NAK closes conn (see proto::verifyAck) and commit()
//     throws ChunkRejected;
//   - commitManifest(pool, path) uploads a run manifest with retries; it takes
//     its own connection from the pool and gives it back.
#pragma once
#include <stdexcept>
#include <string>

#include "backupd/chunk.h"
#include "backupd/conn_pool.h"
#include "backupd/retry_policy.h"
#include "backupd/storage_conn.h"

namespace backupd {

class ChunkRejected : public std::runtime_error {
public:
  explicit ChunkRejected(const std::string &id) : std::runtime_error("chunk rejected: " + id) {}
};

class ChunkCommitter {
public:
  ChunkCommitter(bool pipelineTrailers, RetryPolicy retry);
  void commit(StorageConn &conn, const CompressedChunk &chunk);
  void commitManifest(ConnPool &pool, const std::string &path);

private:
  bool pipelineTrailers_;
  RetryPolicy retry_;
};

} // namespace backupd
