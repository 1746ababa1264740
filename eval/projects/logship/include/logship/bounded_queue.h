// A bounded multi-producer / multi-consumer queue used by the batcher and the
// worker pool. close() ends the queue: producers get QueueClosed, consumers
// drain what is left and then see std::nullopt.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace logship {

class QueueClosed : public std::runtime_error {
public:
  QueueClosed() : std::runtime_error("push on a closed queue") {}
};

template <typename T>
class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  /// Blocks while the queue is full. Throws QueueClosed once close() was called.
  void push(T value) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw QueueClosed();
    items_.push_back(std::move(value));
    lk.unlock();
    notEmpty_.notify_one();
  }

  /// Non-blocking: false when the queue is full or closed.
  bool tryPush(T value) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_ || items_.size() >= capacity_)
        return false;
      items_.push_back(std::move(value));
    }
    notEmpty_.notify_one();
    return true;
  }

  /// Blocks until an item is available. After close() the remaining items are
  /// still handed out; std::nullopt means closed and drained.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  /// Like pop() but gives up after `timeout` (std::nullopt, queue still open).
  std::optional<T> popFor(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait_for(lk, timeout, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  /// Idempotent.
  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

  /// Closed and nothing left to pop.
  bool drained() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_ && items_.empty();
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return items_.size();
  }

private:
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return v;
  }

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace logship
