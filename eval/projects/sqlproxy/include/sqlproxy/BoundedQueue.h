// BoundedQueue<T>: a blocking multi-producer / multi-consumer FIFO with a
// capacity limit, used between the listener thread and the worker threads.
//
//  - push(item) blocks while the queue is full. Once the queue is closed,
//    push() throws std::runtime_error("queue closed") (also when it was blocked
//    waiting for room at the moment of close()).
//  - pop() blocks until an item is available; after close() it still hands out
//    the items that were queued, then returns std::nullopt.
//  - close() is idempotent and wakes every waiter.
// Being a template, it is defined here rather than in a .cpp.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace sqlproxy {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity ? capacity : 1) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue closed");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

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

  std::size_t size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return items_.size();
  }

private:
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace sqlproxy
