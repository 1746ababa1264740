// Fixed-size worker pool on top of BoundedQueue.
#include "logship/thread_pool.h"
#include "logship/log.h"

#include <exception>

namespace logship {

ThreadPool::ThreadPool(std::size_t threads, std::string name, std::size_t maxQueued)
    : name_(std::move(name)), tasks_(maxQueued) {
  if (threads == 0)
    threads = 1;
  workers_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    workers_.emplace_back([this, i] { workerLoop(i); });
}

ThreadPool::~ThreadPool() {
  if (!tasks_.closed())
    shutdown(); // OK: only when nobody shut the pool down before
}

void ThreadPool::post(std::function<void()> task) { tasks_.push(std::move(task)); }

void ThreadPool::shutdown() {
  tasks_.close(); // workers drain what is queued, then see nullopt
  for (auto &w : workers_)
    w.join(); // a second shutdown() joins joined threads: std::system_error
}

void ThreadPool::workerLoop(std::size_t index) {
  while (std::optional<std::function<void()>> task = tasks_.pop()) { // OK: pop() drains after close()
    try {
      (*task)();
    } catch (const std::exception &e) {
      log_error("pool %s[%zu]: task failed: %s", name_.c_str(), index, e.what());
    }
  }
}

} // namespace logship
