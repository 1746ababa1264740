// Bounded FIFO shared between threads. push() drops (returns false) when the
// queue is full and throws once the queue is closed; consumers can still pop
// what is left after close().
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

template <typename T>
class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  bool push(T item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("bounded queue is closed");
    if (items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    ready_.notify_one();
    return true;
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mutex_);
    return popLocked();
  }

  std::optional<T> pop(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait_for(lock, wait, [this] { return closed_ || !items_.empty(); });
    return popLocked();
  }

  std::vector<T> popBatch(std::size_t max) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<T> batch;
    while (batch.size() < max && !items_.empty()) {
      batch.push_back(std::move(items_.front()));
      items_.pop_front();
    }
    return batch;
  }

  std::vector<T> drain() {
    return popBatch(static_cast<std::size_t>(-1));
  }

  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    closed_ = true;
    ready_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.size();
  }

private:
  std::optional<T> popLocked() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
  bool closed_ = false;
};
