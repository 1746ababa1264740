// Channel<T>: a bounded multi-producer queue between the gateway's threads.
// push() blocks while the channel is full and throws std::logic_error once it
// is closed; tryPush() returns false instead. pop() keeps returning what is
// left after close() and returns false when the channel is closed and empty.
// close() wakes every waiter and may be called more than once. No markers.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace gateway {

template <typename T> class Channel {
public:
  explicit Channel(std::size_t capacity = 1024) : capacity_(capacity) {}

  void push(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::logic_error("push on a closed channel");
    items_.push_back(std::move(value));
    lock.unlock();
    notEmpty_.notify_one();
  }

  bool tryPush(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(value));
    lock.unlock();
    notEmpty_.notify_one();
    return true;
  }

  bool pop(T &out) {
    std::unique_lock<std::mutex> lock(mutex_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    lock.unlock();
    notFull_.notify_one();
    return true;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace gateway
