// Streams WAL frames to one follower over a repl::ReplicationChannel. Frames are
// queued and sent by the stream's own sender thread. enqueue() throws
// std::runtime_error once close() has been called. close() is idempotent: it
// closes the queue, lets the sender drain it, joins the sender and then closes
// the channel. The destructor calls close().
#pragma once
#include "kvlog/work_queue.h"
#include "replication.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

namespace kvlog {

class FollowerStream {
public:
  FollowerStream(std::string id, std::shared_ptr<repl::ReplicationChannel> channel);
  ~FollowerStream();
  FollowerStream(const FollowerStream &) = delete;
  FollowerStream &operator=(const FollowerStream &) = delete;

  void start();
  void enqueue(std::string frame);
  void close();
  bool closed() const { return closed_.load(); }
  const std::string &id() const { return id_; }
  std::shared_ptr<repl::ReplicationChannel> channel() const { return channel_; }
  std::uint64_t failures() const { return failures_.load(); }

private:
  void senderLoop();

  const std::string id_;
  std::shared_ptr<repl::ReplicationChannel> channel_;
  WorkQueue<std::string> outbound_;
  std::thread sender_;
  std::atomic<bool> closed_{false};
  std::atomic<std::uint64_t> failures_{0};
};

} // namespace kvlog
