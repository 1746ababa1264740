// WorkerPool: submit() queues a packaged task under the mutex and throws once
// stopping_ is set; each worker runs tasks until the pool is stopping and the
// queue is empty; shutdown() sets the flag, wakes the workers and joins them.
// Quiet line: the destructor's shutdown(), a no-op after the explicit
// shutdown() in server.cpp. The race through this pool is in admin.cpp
// (drainSession, #drain).
#include "gateway/worker_pool.h"

#include <stdexcept>
#include <utility>

namespace gateway {

WorkerPool::WorkerPool(std::size_t threads) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() {
  shutdown(); // OK: returns at once when shutdown() already ran
}

std::future<void> WorkerPool::submit(std::function<void()> task) {
  std::packaged_task<void()> job(std::move(task));
  std::future<void> done = job.get_future();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error("worker pool is shut down");
    tasks_.push_back(std::move(job));
  }
  ready_.notify_one();
  return done;
}

void WorkerPool::workerLoop() {
  for (;;) {
    std::packaged_task<void()> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      job = std::move(tasks_.front());
      tasks_.pop_front();
    }
    job();
  }
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread &t : threads_)
    if (t.joinable())
      t.join();
}

} // namespace gateway
