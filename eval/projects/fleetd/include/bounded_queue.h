// BoundedQueue<T>: a fixed-capacity multi-producer/multi-consumer queue.
// close() wakes every waiter; push() after close() throws, while pop() keeps
// handing out what is left and then returns std::nullopt.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace fleetd {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  // Blocks while the queue is full.
  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue closed");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  // Never blocks; false when the queue is full or closed.
  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    return takeFrontLocked();
  }

  std::optional<T> popFor(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait_for(lock, timeout, [this] { return closed_ || !items_.empty(); });
    return takeFrontLocked();
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    return takeFrontLocked();
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return items_.size();
  }

  std::size_t capacity() const { return capacity_; }

private:
  std::optional<T> takeFrontLocked() {
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

} // namespace fleetd
