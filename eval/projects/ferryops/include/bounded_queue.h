// BoundedQueue<T>: a fixed-capacity MPMC queue. close() is idempotent and wakes
// every waiter; push() throws once the queue is closed, while tryPush() reports
// it by returning false. tryPop()/popFor() keep returning queued items after
// close so consumers can drain.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace ferry {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("BoundedQueue: push after close");
    items_.push_back(std::move(item));
    lk.unlock();
    notEmpty_.notify_one();
  }

  bool tryPush(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    lk.unlock();
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> tryPop() {
    std::unique_lock<std::mutex> lk(mu_);
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    lk.unlock();
    notFull_.notify_one();
    return item;
  }

  std::optional<T> popFor(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait_for(lk, wait, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    lk.unlock();
    notFull_.notify_one();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        return;
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
  std::deque<T> items_;
  bool closed_ = false;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
};

} // namespace ferry
