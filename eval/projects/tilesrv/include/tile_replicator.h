// TileReplicator: streams freshly rendered tiles to a peer tilesrv so a
// failover node starts warm. Tiles wait in a bounded backlog between flushes;
// a failed stream is dropped and re-opened on a later flush.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <memory>
#include <string>

#include "common.h"
#include "messaging.h"
#include "tile_key.h"

namespace tilesrv {

// Provided by the streaming client library.
std::unique_ptr<cassandra::StreamingMultiplexedChannel> connectPeerStream(const std::string &peer,
                                                                         int timeoutSeconds);

class TileReplicator {
public:
  TileReplicator(std::string peer, std::size_t maxBacklog);
  ~TileReplicator();

  TileReplicator(const TileReplicator &) = delete;
  TileReplicator &operator=(const TileReplicator &) = delete;

  void replicate(const TileKey &key, const std::string &blob);
  void flush(Clock::time_point now);
  void close();

  std::size_t backlog() const { return backlog_.size(); }
  std::uint64_t dropped() const { return dropped_; }

private:
  void onPeerError(const std::string &why, Clock::time_point now);

  const std::string peer_;
  const std::size_t maxBacklog_;
  std::unique_ptr<cassandra::StreamingMultiplexedChannel> channel_;
  cassandra::StreamingChannel tiles_;
  std::deque<cassandra::StreamMessage> backlog_;
  Clock::time_point retryAt_{};
  std::uint64_t dropped_ = 0;
  bool closed_ = false;
};

} // namespace tilesrv
