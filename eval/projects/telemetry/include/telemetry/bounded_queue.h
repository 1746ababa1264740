// BoundedQueue<T>: a bounded, blocking queue shared between threads.
// close() wakes every waiter; push() and tryPush() throw once the queue is
// closed, while pop(), tryPop() and popBatch() keep draining what is left.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

namespace telemetry {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity);
  BoundedQueue(const BoundedQueue &) = delete;
  BoundedQueue &operator=(const BoundedQueue &) = delete;

  /// Blocks while the queue is full.
  void push(T item);
  /// False when the queue is full.
  bool tryPush(T item);
  /// Blocks until an item arrives; nullopt once closed and drained.
  std::optional<T> pop();
  std::optional<T> tryPop();
  /// Up to max items, waiting at most `wait` for the first one.
  std::vector<T> popBatch(std::size_t max, std::chrono::milliseconds wait);

  void close();
  bool closed() const;
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  const std::size_t capacity_;
  bool closed_ = false;
};

template <typename T>
BoundedQueue<T>::BoundedQueue(std::size_t capacity)
    : capacity_(capacity == 0 ? 1 : capacity) {}

template <typename T> void BoundedQueue<T>::push(T item) {
  std::unique_lock<std::mutex> lock(mu_);
  notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
  if (closed_)
    throw std::runtime_error("queue is closed, push rejected");
  items_.push_back(std::move(item));
  notEmpty_.notify_one();
}

template <typename T> bool BoundedQueue<T>::tryPush(T item) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("queue is closed, push rejected");
  if (items_.size() >= capacity_)
    return false;
  items_.push_back(std::move(item));
  notEmpty_.notify_one();
  return true;
}

template <typename T> std::optional<T> BoundedQueue<T>::pop() {
  std::unique_lock<std::mutex> lock(mu_);
  notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  notFull_.notify_one();
  return item;
}

template <typename T> std::optional<T> BoundedQueue<T>::tryPop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  notFull_.notify_one();
  return item;
}

template <typename T>
std::vector<T> BoundedQueue<T>::popBatch(std::size_t max,
                                         std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mu_);
  notEmpty_.wait_for(lock, wait,
                     [this] { return closed_ || !items_.empty(); });
  std::vector<T> batch;
  while (!items_.empty() && batch.size() < max) {
    batch.push_back(std::move(items_.front()));
    items_.pop_front();
  }
  if (!batch.empty())
    notFull_.notify_all();
  return batch;
}

template <typename T> void BoundedQueue<T>::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  notEmpty_.notify_all();
  notFull_.notify_all();
}

template <typename T> bool BoundedQueue<T>::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

template <typename T> std::size_t BoundedQueue<T>::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return items_.size();
}

} // namespace telemetry
