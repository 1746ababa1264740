// WorkQueue: a fixed set of threads taking callables from a deque. A task
// that throws is logged and does not take its thread down.
#include "work_queue.h"

#include <exception>
#include <stdexcept>

#include "diagnostics.h"
#include "thread_util.h"

namespace bmsd {

WorkQueue::WorkQueue(std::string name, unsigned threads, Diagnostics &diag)
    : name_(std::move(name)), diag_(diag) {
  if (threads == 0)
    threads = 1;
  workers_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    workers_.push_back(startThread([this] { workerLoop(); }));
}

WorkQueue::~WorkQueue() {
  if (!stopped())
    stop();
}

void WorkQueue::post(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::Running)
    throw std::runtime_error(name_ + ": work queue is stopped");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
}

void WorkQueue::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return tasks_.empty() && active_ == 0; });
}

void WorkQueue::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ != State::Running)
      throw std::logic_error(name_ + ": work queue already stopped");
    state_ = State::Stopping;
  }
  wake_.notify_all();
  for (std::thread &t : workers_)
    t.join();
  workers_.clear();
  std::lock_guard<std::mutex> lock(mu_);
  state_ = State::Stopped;
}

bool WorkQueue::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ != State::Running;
}

std::size_t WorkQueue::pending() const {
  std::lock_guard<std::mutex> lock(mu_);
  return tasks_.size() + active_;
}

void WorkQueue::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return state_ != State::Running || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++active_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      diag_.warn("%s: task failed: %s", name_.c_str(), e.what());
    } catch (...) {
      diag_.warn("%s: task failed with a non-standard exception", name_.c_str());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --active_;
      if (tasks_.empty() && active_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace bmsd
