// BoundedQueue<T>: blocking multi-producer/multi-consumer queue with close().
// close() is idempotent. After close(), push() throws std::logic_error,
// tryPush() returns false, and pop() drains what is left and then returns
// std::nullopt.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace matchd {

template <class T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}

  void push(T value) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) throw std::logic_error("BoundedQueue::push on closed queue");
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
  }

  bool tryPush(T value) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_ || items_.size() >= capacity_) return false;
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [&] { return closed_ || !items_.empty(); });
    if (items_.empty()) return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return value;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
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
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace matchd
