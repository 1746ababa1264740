// BoundedMailbox<T>: a fixed-capacity queue between threads. push() drops
// (returns false) when full and throws once the mailbox is closed; pop()
// keeps handing out what is left after close() until it is empty.
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

namespace bmsd {

template <typename T> class BoundedMailbox {
public:
  BoundedMailbox(std::string name, std::size_t capacity)
      : name_(std::move(name)), capacity_(capacity) {}
  BoundedMailbox(const BoundedMailbox &) = delete;
  BoundedMailbox &operator=(const BoundedMailbox &) = delete;

  bool push(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error(name_ + ": mailbox is closed");
    if (items_.size() >= capacity_) {
      ++dropped_;
      return false;
    }
    items_.push_back(std::move(item));
    ready_.notify_one();
    return true;
  }

  std::optional<T> tryPop() {
    std::lock_guard<std::mutex> lock(mu_);
    return takeFrontLocked();
  }

  std::optional<T> pop(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    ready_.wait_for(lock, timeout,
                    [this] { return closed_ || !items_.empty(); });
    return takeFrontLocked();
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
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

  std::size_t dropped() const {
    std::lock_guard<std::mutex> lock(mu_);
    return dropped_;
  }

  const std::string &name() const { return name_; }

private:
  std::optional<T> takeFrontLocked() {
    if (items_.empty())
      return std::nullopt;
    std::optional<T> item(std::move(items_.front()));
    items_.pop_front();
    return item;
  }

  const std::string name_;
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<T> items_;
  std::size_t dropped_ = 0;
  bool closed_ = false;
};

} // namespace bmsd
