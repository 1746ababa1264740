// A multi-producer, multi-consumer queue with a close protocol. push() throws
// std::logic_error("mailbox closed") after close(); tryPush() returns false
// instead. pop() blocks until an item arrives or the mailbox is closed, and
// keeps returning queued items after close() until the queue is empty; then
// it returns std::nullopt. close() is idempotent.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace toll {

template <typename T> class Mailbox {
public:
  Mailbox() = default;
  Mailbox(const Mailbox &) = delete;
  Mailbox &operator=(const Mailbox &) = delete;

  void push(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("mailbox closed");
    items_.push_back(std::move(item));
    ready_.notify_one();
  }

  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    items_.push_back(std::move(item));
    ready_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  template <typename Rep, typename Period>
  std::optional<T> popFor(std::chrono::duration<Rep, Period> timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    ready_.wait_for(lock, timeout, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    return takeLocked();
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    ready_.notify_all();
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
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace toll
