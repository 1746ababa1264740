// worker_pool.cpp: WorkerPool. Tasks wait in a deque and are run by the
// pool's threads; drain() waits until the deque is empty and no task is
// running, stop() lets the queued tasks finish and joins the threads.
#include "telemetry/worker_pool.h"
#include "telemetry/util.h"

#include <exception>
#include <stdexcept>
#include <string>

namespace telemetry {

WorkerPool::WorkerPool(std::size_t threads) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool() { stop(); }

void WorkerPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      throw std::runtime_error("worker pool is stopping, task rejected");
    tasks_.push_back(std::move(task));
  }
  workAvailable_.notify_one();
}

void WorkerPool::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return tasks_.empty() && running_ == 0; });
}

void WorkerPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  workAvailable_.notify_all();
  for (auto &t : threads_)
    if (t.joinable())
      t.join();
}

void WorkerPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      workAvailable_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return; // stopping, and nothing left to run
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++running_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      logError(std::string("worker pool: task failed: ") + e.what());
    } catch (...) {
      logError("worker pool: task failed");
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
      if (tasks_.empty() && running_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace telemetry
