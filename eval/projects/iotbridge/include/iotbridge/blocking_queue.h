// BlockingQueue<T>: the multi-producer / multi-consumer FIFO that connects the
// ingest loop to the telemetry pump, and the hub's publishers to its
// dispatcher thread.
//
// Semantics:
//  - push() blocks while the queue is at capacity (capacity 0 = unbounded).
//    Once close() has been called, push() throws std::runtime_error: the item
//    could never be delivered.
//  - pop() blocks until an item is available. After close() it keeps handing
//    out the items that are still queued and then returns std::nullopt; that
//    is the end-of-stream signal for consumers, not an error.
//  - close() is idempotent and wakes every blocked producer and consumer.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace iotbridge {

template <typename T>
class BlockingQueue {
 public:
  explicit BlockingQueue(std::size_t capacity = 0) : capacity_(capacity) {}
  BlockingQueue(const BlockingQueue&) = delete;
  BlockingQueue& operator=(const BlockingQueue&) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [this] {
      return closed_ || capacity_ == 0 || items_.size() < capacity_;
    });
    if (closed_) throw std::runtime_error("push on a closed BlockingQueue");
    items_.push_back(std::move(item));
    lk.unlock();
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [this] { return closed_ || !items_.empty(); });
    return takeFrontLocked(lk);
  }

  // Like pop(), but gives up after `timeout` and returns std::nullopt.
  template <class Rep, class Period>
  std::optional<T> popFor(std::chrono::duration<Rep, Period> timeout) {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait_for(lk, timeout, [this] { return closed_ || !items_.empty(); });
    return takeFrontLocked(lk);
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
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
  std::optional<T> takeFrontLocked(std::unique_lock<std::mutex>& lk) {
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    lk.unlock();
    notFull_.notify_one();
    return item;
  }

  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  const std::size_t capacity_;
  bool closed_ = false;
};

}  // namespace iotbridge
