// BoundedQueue<T>: a blocking multi-producer/multi-consumer queue with close().
// Member functions are defined in bounded_queue.cpp and explicitly instantiated
// for the element types the controller uses.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

template <typename T>
class BoundedQueue {
 public:
  explicit BoundedQueue(std::size_t capacity);

  void push(T item);              // blocks while full; throws std::runtime_error("queue closed")
  bool try_push(T item);          // false when full or closed, never throws
  std::optional<T> pop();         // blocks; nullopt once closed and drained
  std::optional<T> try_pop();
  void close();                   // idempotent; wakes every waiter
  bool closed() const;
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::condition_variable not_empty_;
  std::condition_variable not_full_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_;
};

extern template class BoundedQueue<std::string>;
extern template class BoundedQueue<std::function<void()>>;
