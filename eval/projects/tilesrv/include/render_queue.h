// RenderQueue: bounded multi-producer/multi-consumer queue feeding the render
// threads. Pushing after close() throws; pop() returns nothing once the queue
// is closed and empty, which is how the render loops learn to exit.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace tilesrv {

template <typename T> class RenderQueue {
public:
  explicit RenderQueue(std::size_t capacity) : capacity_(capacity ? capacity : 1) {}

  RenderQueue(const RenderQueue &) = delete;
  RenderQueue &operator=(const RenderQueue &) = delete;

  // Blocks while the queue is full.
  void push(T item) {
    std::unique_lock<std::mutex> lock(mutex_);
    space_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("render queue is closed");
    items_.push_back(std::move(item));
    ready_.notify_one();
  }

  // Moves from `item` only when it was queued; false when the queue is full.
  bool tryPush(T &item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("render queue is closed");
    if (items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    ready_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    space_.notify_one();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
    space_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.size();
  }

  std::size_t capacity() const { return capacity_; }

private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable space_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace tilesrv
