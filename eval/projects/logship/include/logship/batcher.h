// Groups lines into batches of at most maxLines, emitting a partial batch when
// no line arrived for maxDelay or when flushNow() is called.
#pragma once
#include "logship/bounded_queue.h"

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace logship {

class Batcher {
public:
  using Sink = std::function<void(std::vector<std::string>)>;

  Batcher(std::size_t maxLines, std::chrono::milliseconds maxDelay, Sink sink);
  ~Batcher();
  Batcher(const Batcher &) = delete;
  Batcher &operator=(const Batcher &) = delete;

  void start();
  /// Blocks while the queue is full. Throws QueueClosed after stop().
  void add(std::string line);
  /// Asks the worker to emit what it holds. Returns false (and does nothing)
  /// when the batcher is stopped or the queue is full.
  bool flushNow();
  /// Idempotent: closes the queue, lets the worker emit the last partial
  /// batch and joins it.
  void stop();

private:
  struct Entry {
    std::string line;
    bool flush = false;
  };
  void run();
  void emit(std::vector<std::string> &batch);

  const std::size_t maxLines_;
  const std::chrono::milliseconds maxDelay_;
  Sink sink_;
  BoundedQueue<Entry> queue_;
  std::thread worker_;
};

} // namespace logship
