// Bounded multi-producer/multi-consumer queue. push() blocks while the queue is full and
// throws once the queue has been closed; offer() never blocks and reports false instead.
// pop()/tryPop() keep handing out what is left after close() and return nullopt once the
// queue is closed and empty, so consumers drain it completely.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace farecol {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lock(mutex_);
    ensureOpen();
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    ensureOpen();
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  bool offer(T item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    return takeFront();
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mutex_);
    return takeFront();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (closed_)
        return;
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
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
  void ensureOpen() const {
    if (closed_)
      throw std::runtime_error("queue closed");
  }

  std::optional<T> takeFront() {
    if (items_.empty())
      return std::nullopt;
    std::optional<T> item(std::move(items_.front()));
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace farecol
