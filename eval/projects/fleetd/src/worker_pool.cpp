// WorkerPool: a queue of callables served by a fixed set of threads. A task
// that throws is logged and counted; it does not take the worker down.
#include "worker_pool.h"

#include <exception>
#include <stdexcept>
#include <utility>

#include "diagnostics.h"

namespace fleetd {

WorkerPool::WorkerPool(unsigned threads, std::string name, Diagnostics &diag)
    : name_(std::move(name)), diag_(diag) {
  if (threads == 0)
    threads = 1;
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this, i] { run(i); });
}

WorkerPool::~WorkerPool() { stop(); }

void WorkerPool::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_)
    throw std::runtime_error("worker pool " + name_ + " is stopped");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
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
  wake_.notify_all();
  for (std::thread &t : threads_)
    t.join();
  threads_.clear();
}

bool WorkerPool::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopping_;
}

std::size_t WorkerPool::failures() const {
  std::lock_guard<std::mutex> lock(mu_);
  return failures_;
}

void WorkerPool::run(unsigned index) {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++running_;
    }
    bool failed = false;
    try {
      task();
    } catch (const std::exception &e) {
      failed = true;
      diag_.printf("%s[%u]: task failed: %s", name_.c_str(), index, e.what());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
      if (failed)
        ++failures_;
      if (tasks_.empty() && running_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace fleetd
