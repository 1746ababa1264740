// Bounded blocking queue shared by producer and consumer threads.
// close() wakes every waiter; push() on a closed queue throws QueueClosed,
// pop() hands out what is left and then returns std::nullopt.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace histd {

class QueueClosed : public std::runtime_error {
public:
  explicit QueueClosed(const std::string &name)
      : std::runtime_error("work queue '" + name + "' is closed") {}
};

template <typename T> class WorkQueue {
public:
  explicit WorkQueue(std::string name, std::size_t capacity = 4096)
      : name_(std::move(name)), capacity_(capacity) {}

  WorkQueue(const WorkQueue &) = delete;
  WorkQueue &operator=(const WorkQueue &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw QueueClosed(name_);
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  /// Like push() but gives up instead of waiting when the queue is full.
  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw QueueClosed(name_);
    if (items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  template <typename Rep, typename Period>
  std::optional<T> popFor(std::chrono::duration<Rep, Period> timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait_for(lock, timeout, [this] { return closed_ || !items_.empty(); });
    return takeLocked();
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

  const std::string &name() const { return name_; }

private:
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  const std::string name_;
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace histd
