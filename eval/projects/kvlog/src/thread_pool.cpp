// ThreadPool: worker threads over a WorkQueue of tasks (see thread_pool.h).
#include "kvlog/thread_pool.h"
#include "kvlog/log.h"

#include <exception>

namespace kvlog {

ThreadPool::ThreadPool(std::string name) : name_(std::move(name)) {}

ThreadPool::~ThreadPool() {
  shutdown(); // OK: shutdown() is idempotent
}

void ThreadPool::start(unsigned threads) {
  if (started_.exchange(true))
    return;
  if (threads == 0)
    threads = 1;
  for (unsigned i = 0; i < threads; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

void ThreadPool::workerLoop() {
  while (std::optional<std::function<void()>> task = tasks_.pop()) {
    try {
      (*task)();
    } catch (const std::exception &e) {
      logError("%s: task failed: %s", name_.c_str(), e.what());
    }
  }
}

void ThreadPool::shutdown() {
  if (stopped_.exchange(true))
    return;
  tasks_.close();
  for (std::thread &worker : workers_) {
    if (worker.joinable())
      worker.join();
  }
  workers_.clear();
}

} // namespace kvlog
