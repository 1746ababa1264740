// The daemon's worker threads.
#include "work_pool.h"
#include "diagnostics.h"

#include <exception>
#include <stdexcept>

namespace farecol {

WorkPool::WorkPool(std::string name, unsigned threads, Diagnostics &diag) : name_(std::move(name)), diag_(diag) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { run(); });
}

WorkPool::~WorkPool() { stop(); }

void WorkPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      throw std::runtime_error("work pool " + name_ + " is stopped");
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void WorkPool::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return tasks_.empty() && running_ == 0; });
}

void WorkPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ && threads_.empty())
      return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread &t : threads_)
    if (t.joinable())
      t.join();
  threads_.clear();
}

bool WorkPool::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stopping_;
}

std::size_t WorkPool::pending() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return tasks_.size() + running_;
}

void WorkPool::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
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

} // namespace farecol
