// Fixed-capacity multi-producer/multi-consumer queue. push() blocks while the
// ring is full and throws once the ring is closed; offer() is the non-blocking,
// non-throwing variant. pop() drains what is left after close() and then
// returns false, which is how consumers learn to stop. close() is idempotent.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class BoundedRing {
public:
  BoundedRing(std::string name, std::size_t capacity)
      : name_(std::move(name)), slots_(capacity ? capacity : 1) {}

  BoundedRing(const BoundedRing &) = delete;
  BoundedRing &operator=(const BoundedRing &) = delete;

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    checkOpen();
    notFull_.wait(lock, [this] { return closed_ || count_ < slots_.size(); });
    checkOpen();
    put(std::move(item));
    notEmpty_.notify_one();
  }

  bool offer(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || count_ == slots_.size())
      return false;
    put(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  bool pop(T &out) {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || count_ > 0; });
    return take(out);
  }

  bool tryPop(T &out) {
    std::lock_guard<std::mutex> lock(mu_);
    return take(out);
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return count_;
  }

  const std::string &name() const { return name_; }

private:
  void checkOpen() const {
    if (closed_)
      throw std::runtime_error("ring '" + name_ + "' is closed");
  }

  void put(T item) {
    slots_[(head_ + count_) % slots_.size()].emplace(std::move(item));
    ++count_;
  }

  bool take(T &out) {
    if (count_ == 0)
      return false;
    std::optional<T> &slot = slots_[head_];
    out = std::move(*slot);
    slot.reset();
    head_ = (head_ + 1) % slots_.size();
    --count_;
    notFull_.notify_one();
    return true;
  }

  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable notEmpty_;
  std::condition_variable notFull_;
  std::vector<std::optional<T>> slots_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
  bool closed_ = false;
};
