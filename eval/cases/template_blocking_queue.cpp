// A work pipeline passes items through a BlockingQueue<T>: put() throws
// "queue is closed" once close() has run, take() drains what is left and
// returns false at the end. The producer side puts after closing, for both
// BlockingQueue<int> and BlockingQueue<std::string> (bugs). Draining with
// take() after close is the intended use (correct).
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

template <class T> class BlockingQueue {
public:
  void put(T item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("queue is closed");
    items_.push_back(std::move(item));
    ready_.notify_one();
  }

  bool take(T &out) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    return true;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }

private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
  bool closed_ = false;
};

int sumJobs(BlockingQueue<int> &jobs) {
  jobs.put(1);
  jobs.put(2);
  jobs.close();
  jobs.put(3); // BUG: use-after-close
  int total = 0, job = 0;
  while (jobs.take(job)) // OK
    total += job;
  return total;
}

std::string joinLines() {
  BlockingQueue<std::string> lines;
  lines.put("GET / HTTP/1.1");
  lines.close();
  std::string all, line;
  while (lines.take(line)) // OK
    all += line + "\n";
  lines.put("Host: example.org"); // BUG: use-after-close
  return all;
}
