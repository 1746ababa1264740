// A fixed-capacity multi-producer/multi-consumer queue.
//
//  - push() blocks while the queue is full. Once close() has been called it throws
//    std::runtime_error("queue closed") (also when it was blocked waiting for room).
//    tryPush() returns false instead of blocking when full, and throws the same way once closed.
//  - pop() blocks until an item is available or the queue is closed. After close() it still
//    hands out the items already queued, then returns std::nullopt. tryPop() never blocks.
//  - close() is idempotent: it wakes every waiter; closing a closed queue does nothing.
// A closed queue cannot be reopened: make a new one.
#pragma once
#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace printfarm {

template <typename T>
class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue closed");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("queue closed");
    if (items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    return takeLocked();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool isClosed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return items_.size();
  }

private:
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

// Pushes every element of [first, last) in order; blocks and throws as push() does.
template <typename T, typename It>
void pushAll(BoundedQueue<T> &queue, It first, It last) {
  for (; first != last; ++first)
    queue.push(*first); // SAME: requeue_closed
}

// Takes whatever is queued right now without blocking (typically after close()).
template <typename T>
std::vector<T> drainRemaining(BoundedQueue<T> &queue) {
  std::vector<T> out;
  while (std::optional<T> item = queue.tryPop())
    out.push_back(std::move(*item));
  return out;
}

} // namespace printfarm
