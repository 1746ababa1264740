// ChunkCommitter: see chunk_committer.h.
#include "backupd/chunk_committer.h"

#include "backupd/fd_utils.h"
#include "backupd/storage_protocol.h"

namespace backupd {

ChunkCommitter::ChunkCommitter(bool pipelineTrailers, RetryPolicy retry)
    : pipelineTrailers_(pipelineTrailers), retry_(retry) {}

void ChunkCommitter::commit(StorageConn &conn, const CompressedChunk &chunk) {
  conn.send(proto::encodeCommitFrame(chunk.id, chunk.crc, chunk.data.size()));
  if (!proto::verifyAck(conn, chunk.id))
    throw ChunkRejected(chunk.id);
  if (pipelineTrailers_)
    conn.send(proto::encodeTrailerFrame(chunk.id)); // OK: reached only after an ACK; a NAK (which closes conn) threw above
}

void ChunkCommitter::commitManifest(ConnPool &pool, const std::string &path) {
  const std::string body = readWholeFile(path);
  const std::string id = "manifest:" + path.substr(path.find_last_of('/') + 1);
  std::shared_ptr<StorageConn> conn = pool.acquire();
  try {
    retry_.run(
        [&] {
          conn->send(proto::encodeManifestFrame(id, body)); // OK: RetryPolicy reconnects before every new attempt and gives up when that fails
          if (!proto::verifyAck(*conn, id))
            throw std::runtime_error("manifest rejected: " + id);
        },
        [&] { return conn->reconnect(); });
  } catch (const std::runtime_error &) {
    conn->send(proto::encodeAbortFrame(id)); // BUG: use-after-close
    pool.release(conn, false);
    throw;
  }
  pool.release(conn, true);
}

} // namespace backupd
