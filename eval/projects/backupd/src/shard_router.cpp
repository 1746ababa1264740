// ShardRouter: see shard_router.h. Shards on the same endpoint share one
// StorageConn (the weak_ptr in byEndpoint_ finds the live one).
#include "backupd/shard_router.h"

#include <stdexcept>

namespace backupd {

void ShardRouter::pin(int shard, const std::string &host, std::uint16_t port) {
  const std::string key = host + ":" + std::to_string(port);
  if (auto existing = byEndpoint_[key].lock(); existing && existing->isOpen()) {
    pinned_[shard] = existing;
    return;
  }
  auto conn = std::make_shared<StorageConn>(host, port);
  if (!conn->connect())
    throw std::runtime_error("cannot open index stream to " + key);
  byEndpoint_[key] = conn;
  pinned_[shard] = std::move(conn);
}

void ShardRouter::send(int shard, const std::string &frame) {
  auto it = pinned_.find(shard);
  if (it == pinned_.end())
    throw std::out_of_range("index shard not pinned: " + std::to_string(shard));
  it->second->send(frame); // SAME: index_flush
}

void ShardRouter::unpin(int shard) {
  auto it = pinned_.find(shard);
  if (it == pinned_.end())
    return;
  std::shared_ptr<StorageConn> conn = std::move(it->second);
  pinned_.erase(it);
  if (conn.use_count() == 1 && conn->isOpen())
    conn->close(); // OK: no other shard holds this connection any more, and it is still open
}

void ShardRouter::closeAll() {
  for (auto &entry : pinned_)
    entry.second->close(); // BUG: double-close
}

bool ShardRouter::reopen() {
  bool all = true;
  for (auto &entry : pinned_) {
    if (!entry.second->isOpen() && !entry.second->reconnect())
      all = false;
  }
  return all;
}

} // namespace backupd
