// Blocking multi-producer / multi-consumer queue.
// push() throws std::runtime_error("work queue closed") once close() has been
// called; tryPush() returns false instead. close() is idempotent and wakes every
// waiting pop(); pop() hands out the items still queued and then returns
// std::nullopt.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace kvlog {

template <class T> class WorkQueue {
public:
  void push(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("work queue closed");
    items_.push_back(std::move(item));
    cv_.notify_one();
  }

  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    items_.push_back(std::move(item));
    cv_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    cv_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return items_.size();
  }

private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace kvlog
