// RingBuffer<T, N>: fixed-capacity FIFO used between the tag readers and
// the dispatcher. push() refuses new items once the buffer is closed;
// pop() keeps draining what was queued before close().
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <utility>

template <class T, std::size_t N>
class RingBuffer {
  static_assert(N > 0, "RingBuffer needs a capacity");

 public:
  // false when full; throws std::runtime_error once closed
  bool push(T value) {
    if (closed_) throw std::runtime_error("ring buffer closed");
    if (count_ == N) return false;
    slots_[(head_ + count_) % N] = std::move(value);
    ++count_;
    return true;
  }
  std::optional<T> pop() {
    if (count_ == 0) return std::nullopt;
    T value = std::move(slots_[head_]);
    head_ = (head_ + 1) % N;
    --count_;
    return value;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

 private:
  std::array<T, N> slots_{};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
  bool closed_ = false;
};
