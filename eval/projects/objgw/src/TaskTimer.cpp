// TaskTimer: the gateway's timer thread.
#include "objgw/TaskTimer.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace objgw {

TaskTimer::~TaskTimer() {
  shutdown(); // OK: shutdown() is idempotent
}

void TaskTimer::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (shutdown_)
    throw std::runtime_error("timer is shut down");
  if (thread_.joinable())
    return;
  thread_ = std::thread([this] { run(); });
}

TaskTimer::TaskId TaskTimer::add(Clock::time_point due, std::chrono::milliseconds period, std::function<void()> fn) {
  TaskId id = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (shutdown_)
      throw std::runtime_error("timer is shut down");
    id = nextId_++;
    tasks_.emplace(id, Task{due, period, std::move(fn)});
  }
  wake_.notify_all();
  return id;
}

TaskTimer::TaskId TaskTimer::schedule(std::chrono::milliseconds delay, std::function<void()> fn) {
  return add(Clock::now() + delay, std::chrono::milliseconds(0), std::move(fn));
}

TaskTimer::TaskId TaskTimer::every(std::chrono::milliseconds period, std::function<void()> fn) {
  if (period.count() <= 0)
    throw std::invalid_argument("timer period must be positive");
  return add(Clock::now() + period, period, std::move(fn));
}

void TaskTimer::cancel(TaskId id) {
  std::unique_lock<std::mutex> lk(mu_);
  tasks_.erase(id);
  if (std::this_thread::get_id() == thread_.get_id())
    return; // a task cancelling itself must not wait for itself
  idle_.wait(lk, [this, id] { return running_ != id; });
}

void TaskTimer::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (shutdown_)
      return;
    shutdown_ = true;
    tasks_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

bool TaskTimer::isShutdown() const {
  std::lock_guard<std::mutex> lk(mu_);
  return shutdown_;
}

void TaskTimer::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!shutdown_) {
    if (tasks_.empty()) {
      wake_.wait(lk);
      continue;
    }
    auto next = tasks_.begin();
    for (auto it = tasks_.begin(); it != tasks_.end(); ++it) {
      if (it->second.due < next->second.due)
        next = it;
    }
    if (next->second.due > Clock::now()) {
      wake_.wait_until(lk, next->second.due);
      continue;
    }
    const TaskId id = next->first;
    std::function<void()> fn = next->second.fn;
    if (next->second.period.count() > 0)
      next->second.due = Clock::now() + next->second.period;
    else
      tasks_.erase(next);

    running_ = id;
    lk.unlock();
    try {
      fn();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "objgw: timer task %llu failed: %s\n", static_cast<unsigned long long>(id), e.what());
    }
    lk.lock();
    running_ = 0;
    idle_.notify_all();
  }
}

} // namespace objgw
