// ThreadPool: a fixed set of threads running queued jobs. submit() after
// stop() throws; stop() lets the threads finish what is queued, then joins.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "log.h"

namespace tilesrv {

template <typename Job = std::function<void()>> class ThreadPool {
public:
  ThreadPool(std::string name, std::size_t threads) : name_(std::move(name)) {
    if (threads == 0)
      threads = 1;
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i)
      workers_.emplace_back([this] { workerLoop(); });
  }

  ~ThreadPool() { stop(); } // OK: stop() returns at once when already stopped

  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void submit(Job job) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error(name_ + ": thread pool is stopped");
    jobs_.push_back(std::move(job));
    wake_.notify_one();
  }

  // Runs fn on the pool and returns a future for its result.
  template <typename F> auto async(F fn) -> std::future<decltype(fn())> {
    using Result = decltype(fn());
    auto task = std::make_shared<std::packaged_task<Result()>>(std::move(fn));
    std::future<Result> result = task->get_future();
    submit([task] { (*task)(); });
    return result;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_)
        return;
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread &worker : workers_) {
      if (worker.joinable())
        worker.join();
    }
  }

  bool stopped() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopping_;
  }

  std::size_t queued() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return jobs_.size();
  }

  const std::string &name() const { return name_; }

private:
  void workerLoop() {
    for (;;) {
      Job job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      try {
        job();
      } catch (const std::exception &e) {
        log::error("%s: job failed: %s", name_.c_str(), e.what());
      }
    }
  }

  const std::string name_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

} // namespace tilesrv
