#include "chatd/worker_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace chatd {

WorkerPool::WorkerPool(std::size_t threads) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() { shutdown(); }

void WorkerPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      throw std::logic_error("WorkerPool: submit after shutdown");
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void WorkerPool::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return tasks_.empty() && active_ == 0; });
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread &t : threads_) {
    if (t.joinable())
      t.join();
  }
}

void WorkerPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return; // stopping, and nothing left to run
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++active_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "chatd: background task failed: %s\n", e.what());
    } catch (...) {
      std::fprintf(stderr, "chatd: background task failed\n");
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --active_;
      if (tasks_.empty() && active_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace chatd
