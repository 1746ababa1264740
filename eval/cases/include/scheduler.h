// A user's own thread pool: it stores callables in a queue and runs them on
// the threads it owns; wait() blocks until every submitted task has finished,
// shutdown() stops and joins the threads. submit() after shutdown() throws
// "scheduler is shut down". Header-only, as small projects write it.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

class Scheduler {
public:
  explicit Scheduler(unsigned threads) {
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this] { runLoop(); });
  }
  ~Scheduler() { shutdown(); }
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void submit(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error("scheduler is shut down");
    tasks_.push_back(std::move(task));
    ++pending_;
    wake_.notify_one();
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return pending_ == 0; });
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

private:
  void runLoop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
        if (tasks_.empty())
          return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        --pending_;
      }
      idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  int pending_ = 0;
  bool stopping_ = false;
};
