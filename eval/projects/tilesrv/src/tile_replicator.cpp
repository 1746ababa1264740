// TileReplicator: pushes new tiles to the failover peer over a streaming
// channel. A peer error drops the stream; the next flush after the back-off
// opens a new one and carries on with the backlog.
#include "tile_replicator.h"

#include "log.h"

namespace tilesrv {
namespace {
constexpr int kStreamTimeoutSeconds = 10;
constexpr auto kRetryDelay = std::chrono::seconds(15);
} // namespace

TileReplicator::TileReplicator(std::string peer, std::size_t maxBacklog)
    : peer_(std::move(peer)), maxBacklog_(maxBacklog ? maxBacklog : 1) {
  try {
    channel_ = connectPeerStream(peer_, kStreamTimeoutSeconds);
  } catch (const std::exception &e) {
    log::warn("replica %s unreachable, will retry: %s", peer_.c_str(), e.what());
    retryAt_ = Clock::now() + kRetryDelay;
  }
}

TileReplicator::~TileReplicator() {
  try {
    close();
  } catch (const std::exception &e) {
    log::warn("replica %s: close failed: %s", peer_.c_str(), e.what());
  }
}

void TileReplicator::replicate(const TileKey &key, const std::string &blob) {
  if (closed_)
    return;
  if (backlog_.size() >= maxBacklog_) {
    backlog_.pop_front();
    ++dropped_;
  }
  backlog_.push_back(cassandra::StreamMessage{"tile " + toString(key), blob});
}

void TileReplicator::flush(Clock::time_point now) {
  if (closed_ || backlog_.empty())
    return;
  if (!channel_ || channel_->isClosed()) {
    if (now < retryAt_)
      return;
    try {
      channel_ = connectPeerStream(peer_, kStreamTimeoutSeconds);
    } catch (const std::exception &e) {
      log::warn("replica %s still unreachable: %s", peer_.c_str(), e.what());
      retryAt_ = now + kRetryDelay;
      return;
    }
    if (!channel_) {
      retryAt_ = now + kRetryDelay;
      return;
    }
    log::info("replica %s: stream re-opened, %zu tiles waiting", peer_.c_str(), backlog_.size());
  }
  while (!backlog_.empty()) {
    try {
      channel_->sendMessage(tiles_, backlog_.front()); // OK: a closed stream was replaced just above
    } catch (const std::exception &e) {
      onPeerError(e.what(), now);
      return;
    }
    backlog_.pop_front();
  }
}

void TileReplicator::onPeerError(const std::string &why, Clock::time_point now) {
  log::warn("replica %s: stream failed: %s; dropping it", peer_.c_str(), why.c_str());
  if (!channel_->isClosed())
    channel_->close();
  retryAt_ = now + kRetryDelay;
}

void TileReplicator::close() {
  if (closed_)
    return;
  flush(Clock::now());
  closed_ = true;
  if (!channel_)
    return;
  channel_->sendControlMessage(cassandra::StreamMessage{"EOS", std::to_string(dropped_)}); // BUG: use-after-close
  channel_->close();
  log::info("replica %s: stream closed, %zu tiles not sent", peer_.c_str(), backlog_.size());
}

} // namespace tilesrv
