// A fixed-size pool of worker threads.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace buildfarm {

// Runs Tasks (callables taking no arguments) on its threads. submit() after
// shutdown() throws std::runtime_error("worker pool shut down"). shutdown()
// lets the queued tasks run, joins the threads and is idempotent; the
// destructor calls it. wait() blocks until the queue is empty and no task is
// running. A task that throws ends the process, like an exception escaping a
// std::thread.
template <typename Task = std::function<void()>> class WorkerPool {
public:
  explicit WorkerPool(unsigned threads) {
    if (threads == 0)
      threads = 1;
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~WorkerPool() { shutdown(); }
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void submit(Task task) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error("worker pool shut down");
    queue_.push_back(std::move(task));
    wake_.notify_one();
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && active_ == 0; });
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_)
        return;
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

  bool isShutdown() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopping_;
  }

  std::size_t queued() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return queue_.size();
  }

private:
  void work() {
    for (;;) {
      Task task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        task = std::move(queue_.front());
        queue_.pop_front();
        ++active_;
      }
      task();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        --active_;
      }
      idle_.notify_all();
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Task> queue_;
  std::vector<std::thread> threads_;
  std::size_t active_ = 0;
  bool stopping_ = false;
};

extern template class WorkerPool<std::function<void()>>;

} // namespace buildfarm
