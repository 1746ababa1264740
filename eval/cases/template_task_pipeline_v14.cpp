// Task pipeline built on a BoundedQueue<T> template. push() blocks while the
// queue is full and throws std::runtime_error("queue is closed") once close()
// was called; tryPush() returns false instead; pop() keeps draining queued items
// after close() and returns std::nullopt when the queue is closed and empty;
// close() is idempotent. Defects: stop() closes the input queue before joining
// the producer thread, which may still be pushing; and flushPending() pushes
// the parked tasks into the queue after stop() closed it.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <iostream>
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

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("queue is closed");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  bool tryPush(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || items_.size() >= capacity_)
      return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closed_ = true;
    }
    notFull_.notify_all();
    notEmpty_.notify_all();
  }

private:
  std::size_t capacity_;
  std::mutex mu_;
  std::condition_variable notFull_, notEmpty_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct Task {
  int id;
  std::string body;
};

class Pipeline {
public:
  Pipeline() : input_(8) {}
  ~Pipeline() { stop(); }

  void start(int count) {
    producer_ = std::thread([this, count] {
      for (int i = 0; i < count; ++i)
        input_.push(Task{i, "payload-" + std::to_string(i)}); // BUG: use-after-close #producer_race
    });
    consumer_ = std::thread([this] {
      while (std::optional<Task> t = input_.pop()) // OK: pop() drains after close() and then returns nullopt
        process(*t);
    });
  }

  void offer(Task t) {
    if (!input_.tryPush(t)) // OK: tryPush() reports a closed or full queue by returning false
      parked_.push_back(std::move(t));
  }

  void flushPending() {
    for (Task &t : parked_)
      input_.push(std::move(t)); // SAME: parked_after_stop
    parked_.clear();
  }

  void stop() {
    input_.close(); // SAME: producer_race
    if (producer_.joinable())
      producer_.join();
    if (consumer_.joinable())
      consumer_.join();
  }

private:
  void process(const Task &t) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    if (t.id % 100 == 0)
      std::cout << "processed task " << t.id << '\n';
  }

  BoundedQueue<Task> input_;
  std::vector<Task> parked_;
  std::thread producer_, consumer_;
};

int main() {
  Pipeline pipeline;
  pipeline.start(1000);
  pipeline.offer({-1, "urgent reindex"});
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  pipeline.stop();
  pipeline.offer({-2, "late compaction"}); // OK: offer() parks the task when tryPush() fails on the closed queue
  pipeline.flushPending(); // BUG: use-after-close #parked_after_stop
  return 0;
} // OK: the destructor's stop() closes again, which is idempotent, and the threads are already joined
