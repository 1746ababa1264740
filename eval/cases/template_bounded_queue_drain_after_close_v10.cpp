// Negative. BoundedQueue<T> is a class template with a blocking protocol:
// put() throws "queue closed" after close(), offer() returns false instead of
// throwing, and take() keeps returning queued items after close() until the
// queue is empty (then nullopt). The producer thread only offers, or puts after
// checking isClosed() under the queue's own lock via putIfOpen(); the consumer
// drains with take() after the close, which the protocol allows.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}

  void put(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue closed");
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
  }

  bool offer(T value) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
    return true;
  }

  bool putIfOpen(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      return false;
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> take() {
    std::unique_lock<std::mutex> lock(mutex_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return value;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool isClosed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return closed_;
  }

private:
  mutable std::mutex mutex_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

struct LogLine {
  std::string source;
  std::string text;
};

std::vector<LogLine> collectLogs(const std::vector<LogLine> &incoming) {
  BoundedQueue<LogLine> queue(64);
  std::thread shipper([&] {
    for (const LogLine &line : incoming) {
      if (!queue.putIfOpen(line)) // OK: putIfOpen returns false once closed, never throws
        break;
    }
    queue.offer({"shipper", "done"}); // OK: offer reports a closed queue by returning false
  });
  std::vector<LogLine> collected;
  while (collected.size() < incoming.size()) {
    std::optional<LogLine> line = queue.take();
    if (!line)
      break;
    collected.push_back(std::move(*line));
  }
  queue.close();
  shipper.join();
  while (std::optional<LogLine> rest = queue.take()) // OK: take drains what is left after close
    collected.push_back(std::move(*rest));
  if (!queue.isClosed())
    queue.put({"collector", "unreachable"}); // OK: guarded by isClosed()
  return collected;
}
