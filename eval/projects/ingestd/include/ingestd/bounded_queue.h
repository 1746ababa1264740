// Bounded multi-producer queue between the session readers and the
// thumbnail worker.
//
// offer() never blocks: it returns false when the queue is full (the item is
// dropped) and throws std::runtime_error("queue closed") once close() was
// called. pop() blocks; it keeps returning queued items after close() and
// returns std::nullopt once the queue is closed and empty. close() is
// idempotent.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace ingestd {

template <class T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}

  bool offer(T item) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("queue closed");
    if (items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      closed_ = true;
    }
    notEmpty_.notify_all();
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
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

} // namespace ingestd
