// ShardRouter: pins each index shard to one StorageConn so that the index
// segments of a shard are written in order on a single stream. Shards whose
// endpoint is the same share one connection (shared_ptr copies in pinned_).
//
// Semantics:
//   - send(shard, frame) sends on the shard's connection; StorageConn::send()
//     throws once that connection is closed.
//   - unpin(shard) forgets the shard and closes its connection when no other
//     shard shares it.
//   - closeAll() closes the pinned connections. The pin table is kept so that
//     reopen() can reconnect the same layout later.
// Not thread-safe: the Uploader calls it under its index mutex.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "backupd/storage_conn.h"

namespace backupd {

class ShardRouter {
public:
  void pin(int shard, const std::string &host, std::uint16_t port);
  void send(int shard, const std::string &frame);
  void unpin(int shard);
  void closeAll();
  bool reopen();
  std::size_t size() const { return pinned_.size(); }

private:
  std::map<int, std::shared_ptr<StorageConn>> pinned_;
  std::map<std::string, std::weak_ptr<StorageConn>> byEndpoint_;
};

} // namespace backupd
