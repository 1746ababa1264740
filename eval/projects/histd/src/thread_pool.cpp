// ThreadPool: a queue of callables served by a fixed set of threads.
#include "thread_pool.h"

#include "log.h"
#include "signal_pipe.h"

#include <exception>
#include <stdexcept>
#include <utility>

namespace histd {

ThreadPool::ThreadPool(std::string name, unsigned threads) : name_(std::move(name)) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool() { join(); }

void ThreadPool::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_)
    throw std::runtime_error("thread pool '" + name_ + "' is stopped");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
}

void ThreadPool::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  stopping_ = true;
  wake_.notify_all();
}

void ThreadPool::join() {
  stop();
  for (std::thread &t : threads_) {
    if (t.joinable())
      t.join();
  }
}

void ThreadPool::waitIdle() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return tasks_.empty() && running_ == 0; });
}

bool ThreadPool::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopping_;
}

void ThreadPool::workerLoop() {
  blockShutdownSignals();
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
    try {
      task();
    } catch (const std::exception &e) {
      log::error("%s: task failed: %s", name_.c_str(), e.what());
    } catch (...) {
      log::error("%s: task failed with an unknown exception", name_.c_str());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
      if (tasks_.empty() && running_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace histd
