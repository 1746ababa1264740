// WorkerPool: fixed-size pool; submit() after shutdown() throws, shutdown() is idempotent.
#include "printfarm/worker_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace printfarm {

WorkerPool::WorkerPool(std::string name, unsigned threads) : name_(std::move(name)) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() {
  shutdown(); // OK: shutdown() is idempotent, an earlier explicit shutdown() makes this a no-op
}

void WorkerPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_)
      throw std::runtime_error("worker pool is shut down: " + name_);
    tasks_.push_back(std::move(task));
  }
  workCv_.notify_one();
}

void WorkerPool::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idleCv_.wait(lock, [this] { return tasks_.empty() && active_ == 0; });
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
  }
  workCv_.notify_all();
  std::lock_guard<std::mutex> join(joinMu_);
  for (std::thread &t : threads_)
    if (t.joinable())
      t.join();
  threads_.clear();
}

bool WorkerPool::isShutdown() const {
  std::lock_guard<std::mutex> lock(mu_);
  return shutdown_;
}

void WorkerPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      workCv_.wait(lock, [this] { return shutdown_ || !tasks_.empty(); });
      if (tasks_.empty())
        return; // shut down and nothing left to run
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++active_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "[%s] task failed: %s\n", name_.c_str(), e.what());
    } catch (...) {
      std::fprintf(stderr, "[%s] task failed\n", name_.c_str());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --active_;
      if (tasks_.empty() && active_ == 0)
        idleCv_.notify_all();
    }
  }
}

} // namespace printfarm
