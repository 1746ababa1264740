// A bounded, closable hand-off queue between threads. push() into a closed
// holdline throws; pop() still hands out what was queued before close().
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace cued {

template <typename T> class Holdline {
public:
  explicit Holdline(std::size_t capacity = 256) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("holdline closed, cannot push");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  /// Like push() but never blocks; false if closed or full.
  bool tryPush(T item) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  /// Blocks; nullopt once closed and empty.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [&] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  /// Waits at most `wait`; nullopt on timeout or once closed and empty.
  std::optional<T> popFor(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait_for(lk, wait, [&] { return closed_ || !items_.empty(); });
    return takeLocked();
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  void reopen() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = false;
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
  std::optional<T> takeLocked() {
    if (items_.empty())
      return std::nullopt;
    std::optional<T> item(std::move(items_.front()));
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace cued
