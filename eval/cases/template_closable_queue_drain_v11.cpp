// ClosableQueue<T>: push() refuses new items once closed (returns false), pop()
// keeps returning buffered items after close() and returns nullopt only when
// the queue is closed and empty, and close() returns early when already closed.
// The producer thread pushes and then closes; the consumer drains with pop(),
// which is the documented protocol after close; the cleanup close() in
// runJobs() is a no-op. All state is guarded by one mutex, so the consumer and
// the closing producer never race. No use-after-close or double-close.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T> class ClosableQueue {
public:
  bool push(T value) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return false;
      items_.push_back(std::move(value));
    }
    cv_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
    }
    cv_.notify_all();
  }

  ~ClosableQueue() { close(); } // OK: close() is a no-op when already closed

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct Job {
  int id;
  std::string payload;
};

static std::size_t checksum(const std::string &s) {
  std::size_t h = 1469598103934665603ull;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

std::size_t runJobs(const std::vector<std::string> &payloads) {
  ClosableQueue<Job> queue;
  std::thread producer([&] {
    int id = 0;
    for (const auto &p : payloads)
      if (!queue.push(Job{id++, p}))
        break;
    queue.close();
  });
  std::size_t combined = 0;
  while (auto job = queue.pop()) // OK: pop() drains buffered jobs after close(), then returns nullopt
    combined ^= checksum(job->payload) + static_cast<std::size_t>(job->id);
  producer.join();
  queue.close(); // OK: the producer already closed it, close() returns early
  return combined;
}
