// WorkerPool: the plaza's own thread pool for lane sends and other slow work.
// Correct: drain() is idempotent, so the destructor's drain() after an
// explicit one does nothing.
#include "worker_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace toll {

WorkerPool::WorkerPool(std::string name, unsigned threads) : name_(std::move(name)) {
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() { drain(); } // OK: drain() is idempotent, a pool drained earlier is not drained again

void WorkerPool::post(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (draining_)
    throw std::logic_error("worker pool " + name_ + " is drained");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
}

void WorkerPool::drain() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (draining_)
      return;
    draining_ = true;
  }
  wake_.notify_all();
  for (std::thread &t : threads_)
    t.join();
  threads_.clear();
}

bool WorkerPool::draining() const {
  std::lock_guard<std::mutex> lock(mu_);
  return draining_;
}

std::size_t WorkerPool::queued() const {
  std::lock_guard<std::mutex> lock(mu_);
  return tasks_.size();
}

void WorkerPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return draining_ || !tasks_.empty(); });
      if (tasks_.empty())
        return; // draining and nothing left
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s: task failed: %s\n", name_.c_str(), e.what());
    }
  }
}

} // namespace toll
