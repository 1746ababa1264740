// One encoder connection: owns the socket (UniqueFd) and a reader thread
// that cuts the byte stream into chunks, hands every chunk to the sink and
// offers keyframes to the thumbnail queue.
//
// sendNotice() after close() or abort() throws
// std::runtime_error("session closed"). close() is idempotent: it shuts the
// socket down, joins the reader thread and then closes the descriptor.
// abort() is the reaper's fast path for a stuck encoder: it marks the
// session closed and drops the descriptor at once, without waiting for the
// reader. A closed or aborted session stays closed.
#pragma once
#include "ingestd/bounded_queue.h"
#include "ingestd/chunk.h"
#include "ingestd/unique_fd.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace ingestd {

class Session : public std::enable_shared_from_this<Session> {
public:
  using ChunkSink = std::function<void(const std::string &streamKey, const Chunk &chunk)>;
  // Called on the reader thread when the encoder hangs up by itself (not
  // after close() or abort()).
  using EndFn = std::function<void(Session &session)>;

  Session(UniqueFd fd, std::string streamKey,
          std::shared_ptr<BoundedQueue<Frame>> keyframes);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  void start(ChunkSink sink, EndFn onEnd);
  void sendNotice(const std::string &text);
  void close();
  void abort();
  bool isClosed() const;

  const std::string &streamKey() const { return key_; }
  std::chrono::steady_clock::time_point lastActivity() const;
  std::uint64_t droppedKeyframes() const { return droppedKeyframes_.load(); }

private:
  void readLoop();

  mutable std::mutex mu_;
  UniqueFd fd_;
  const std::string key_;
  std::shared_ptr<BoundedQueue<Frame>> keyframes_;
  ChunkSink sink_;
  EndFn onEnd_;
  std::thread reader_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::int64_t> lastActivityNs_;
  std::atomic<std::uint64_t> droppedKeyframes_{0};
  bool closed_ = false;
};

} // namespace ingestd
