// BoundedQueue<T>: a blocking, bounded multi-producer/multi-consumer queue.
// push() on a closed queue throws; pop()/tryPop() hand out what is left and
// then report empty; close() is idempotent (a second close is a no-op).
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace liftops {

template <class T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue closed, cannot push");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

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
    return takeFront();
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    return takeFront();
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
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
  std::optional<T> takeFront() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  mutable std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

} // namespace liftops
