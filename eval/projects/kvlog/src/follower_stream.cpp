// FollowerStream: per-follower sender thread over a ReplicationChannel.
#include "kvlog/follower_stream.h"
#include "kvlog/log.h"

#include <exception>

namespace kvlog {

FollowerStream::FollowerStream(std::string id, std::shared_ptr<repl::ReplicationChannel> channel)
    : id_(std::move(id)), channel_(std::move(channel)) {}

FollowerStream::~FollowerStream() {
  close(); // OK: close() is idempotent
}

void FollowerStream::start() { sender_ = std::thread([this] { senderLoop(); }); }

void FollowerStream::enqueue(std::string frame) { outbound_.push(std::move(frame)); }

void FollowerStream::senderLoop() {
  while (std::optional<std::string> frame = outbound_.pop()) {
    try {
      channel_->send(*frame); // OK: close() joins this thread before it closes the channel
    } catch (const std::exception &e) {
      ++failures_;
      logWarn("replication: send to %s failed: %s", id_.c_str(), e.what());
    }
  }
}

void FollowerStream::close() {
  if (closed_.exchange(true))
    return;
  outbound_.close();
  if (sender_.joinable())
    sender_.join();
  channel_->close(); // OK: the sender thread has been joined
}

} // namespace kvlog
