// A bounded, thread-safe FIFO. Once close()d it refuses new items: push()
// throws, tryPush() returns false. Items already queued can still be popped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace chatd {

template <typename T> class Mailbox {
public:
  explicit Mailbox(std::size_t capacity = 1024) : capacity_(capacity) {}

  Mailbox(const Mailbox &) = delete;
  Mailbox &operator=(const Mailbox &) = delete;

  /// Blocks while the mailbox is full.
  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("mailbox closed");
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("mailbox closed");
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

  /// Blocks until an item is available; returns nullopt once the mailbox is
  /// closed and empty.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
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
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace chatd
