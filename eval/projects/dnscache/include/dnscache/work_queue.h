// Unbounded multi-producer / multi-consumer queue.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace dnscache {

/// - push() after close() throws std::runtime_error("work queue closed").
/// - tryPush() returns false after close() instead of throwing.
/// - pop()/popFor() keep handing out what is queued after close(); once the
///   queue is empty they return std::nullopt without blocking.
/// - close() is idempotent and wakes every waiter.
template <class T> class WorkQueue {
public:
  void push(T item) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        throw std::runtime_error("work queue closed");
      items_.push_back(std::move(item));
    }
    cv_.notify_one();
  }

  bool tryPush(T item) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        return false;
      items_.push_back(std::move(item));
    }
    cv_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  std::optional<T> popFor(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait_for(lk, timeout, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      closed_ = true;
    }
    cv_.notify_all();
  }

  bool isClosed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return items_.size();
  }

private:
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace dnscache
