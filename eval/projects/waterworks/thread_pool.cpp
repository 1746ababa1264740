// ThreadPool: fixed set of workers draining a task deque. shutdown() lets the
// queued tasks run, joins the workers and is idempotent; the destructor calls
// it, so a pool shut down explicitly is not shut down twice. Every marked line
// here is correct.
#include "thread_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace ww {

ThreadPool::ThreadPool(std::size_t workers) {
  if (workers == 0) workers = 1;
  workers_.reserve(workers);
  for (std::size_t i = 0; i < workers; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  shutdown(); // OK: shutdown() returns at once when it already ran
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) throw std::runtime_error("thread pool is shut down");
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
}

bool ThreadPool::try_submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return false;
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
  return true;
}

void ThreadPool::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread& t : workers_) {
    if (t.joinable()) t.join();
  }
}

bool ThreadPool::is_shut_down() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stopping_;
}

std::size_t ThreadPool::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return tasks_.size();
}

void ThreadPool::worker_loop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping, and everything queued has run
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "thread pool: task failed: %s\n", e.what());
    }
  }
}

}  // namespace ww
