// WorkPool: workers pop callables from a shared deque; exceptions thrown by
// a task are logged and the worker carries on.
#include "work_pool.h"

#include "diag_log.h"

#include <exception>
#include <stdexcept>
#include <utility>

WorkPool::WorkPool(std::string name, unsigned threads, DiagLog &diag)
    : name_(std::move(name)), diag_(diag) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

WorkPool::~WorkPool() { stop(); }

void WorkPool::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_)
    throw std::runtime_error("work pool " + name_ + " is stopped");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
}

void WorkPool::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return stopping_ || (tasks_.empty() && running_ == 0); });
}

void WorkPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      return;
    stopping_ = true;
    tasks_.clear();
  }
  wake_.notify_all();
  idle_.notify_all();
  for (std::thread &t : threads_)
    if (t.joinable())
      t.join();
  threads_.clear();
}

bool WorkPool::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stopping_;
}

std::size_t WorkPool::queued() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return tasks_.size();
}

void WorkPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (stopping_)
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++running_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      diag_.error("%s: task failed: %s", name_.c_str(), e.what());
    } catch (...) {
      diag_.error("%s: task failed with an unknown exception", name_.c_str());
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --running_;
    }
    idle_.notify_all();
  }
}
