// WorkQueue<T>: a bounded queue whose close() wakes every waiter; push()
// throws std::logic_error once the queue is closed (also when it was waiting
// on a full queue), tryPush() returns false instead, and pop() drains what is
// left and then returns std::nullopt. In runFeeds(), the `feeder` thread
// tests closed() and then pushes, with nothing keeping the main thread's
// close() out of the gap (bug: the push in the thread; the close is its
// same-marked line). The `careful` thread uses tryPush() and stops on false,
// and the consumer pops after the close (quiet lines).
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

template <typename T> class WorkQueue {
public:
  explicit WorkQueue(std::size_t capacity) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lock(mutex_);
    space_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::logic_error("push on a closed WorkQueue");
    items_.push_back(std::move(item));
    lock.unlock();
    available_.notify_one();
  }

  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    available_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    available_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    space_.notify_one();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    available_.notify_all();
    space_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable available_;
  std::condition_variable space_;
  std::deque<T> items_;
  bool closed_ = false;
};

long runFeeds() {
  WorkQueue<int> queue(64);
  long total = 0;
  std::thread feeder([&queue] {
    for (int i = 0; i < 100000; ++i) {
      if (queue.closed())
        break;
      queue.push(i); // BUG: use-after-close #feed
    }
  });
  std::thread careful([&queue] {
    for (int i = 0; i < 100000; ++i) {
      if (!queue.tryPush(-i)) // OK: tryPush() reports the close instead of throwing
        break;
    }
  });
  std::thread consumer([&queue, &total] {
    while (std::optional<int> item = queue.pop()) // OK: pop() drains after close()
      total += *item;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  queue.close(); // SAME: feed
  feeder.join();
  careful.join();
  consumer.join();
  return total;
}
