// TaskExecutor: a fixed set of worker threads draining a FIFO of callables.
#include "task_executor.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

TaskExecutor::TaskExecutor(std::string name, unsigned threads) : name_(std::move(name)) {
  if (threads == 0)
    threads = 1;
  workers_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

TaskExecutor::~TaskExecutor() { halt(); }

void TaskExecutor::post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (halted_)
      throw std::runtime_error("executor '" + name_ + "' is halted");
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void TaskExecutor::quiesce() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
}

void TaskExecutor::halt() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    halted_ = true;
    if (joined_)
      return;
    joined_ = true;
  }
  wake_.notify_all();
  for (std::thread &t : workers_)
    if (t.joinable())
      t.join();
}

bool TaskExecutor::halted() const {
  std::lock_guard<std::mutex> lock(mu_);
  return halted_;
}

std::size_t TaskExecutor::backlog() const {
  std::lock_guard<std::mutex> lock(mu_);
  return queue_.size();
}

void TaskExecutor::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return halted_ || !queue_.empty(); });
      if (queue_.empty())
        return;
      task = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "gridd: task on '%s' failed: %s\n", name_.c_str(), e.what());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
    }
    idle_.notify_all();
  }
}
