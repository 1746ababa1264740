// A bounded blocking queue used for the retry queue.
// Protocol: push() throws QueueClosed once close() was called; pop() still
// hands out what is left after close(), then returns std::nullopt; close() is
// idempotent. Member definitions are in src/blocking_queue.cpp, which
// instantiates the queue explicitly for the element types the gateway uses.
// No BUG markers here: declarations only.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "pushgw/notification.h"

namespace pushgw {

class QueueClosed : public std::runtime_error {
public:
  explicit QueueClosed(const char *what);
};

template <typename T> class BlockingQueue {
public:
  explicit BlockingQueue(std::size_t capacity);
  BlockingQueue(const BlockingQueue &) = delete;
  BlockingQueue &operator=(const BlockingQueue &) = delete;

  /// Blocks while the queue is full; throws QueueClosed after close().
  void push(T item);
  /// Blocks while empty and open; after close() drains, then std::nullopt.
  std::optional<T> pop();
  /// Wakes every waiter; later push() calls throw. Idempotent.
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

extern template class BlockingQueue<RetryItem>;

} // namespace pushgw
