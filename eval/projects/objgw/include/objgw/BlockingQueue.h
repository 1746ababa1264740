// Unbounded multi-producer / multi-consumer queue.
// push() throws std::runtime_error("queue closed") once close() has been called.
// pop() blocks until an item is available; after close() it keeps returning the
// items still queued and then std::nullopt. close() is idempotent.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace objgw {

template <typename T> class BlockingQueue {
public:
  void push(T item) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        throw std::runtime_error("queue closed");
      items_.push_back(std::move(item));
    }
    cv_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return closed_ || !items_.empty(); });
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
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace objgw
