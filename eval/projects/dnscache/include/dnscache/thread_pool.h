// Fixed-size worker pool draining a WorkQueue of tasks.
#pragma once
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "dnscache/logging.h"
#include "dnscache/work_queue.h"

namespace dnscache {

/// submit() after shutdown() throws std::runtime_error (the queue is closed);
/// trySubmit() returns false instead. shutdown() closes the queue, lets the
/// workers finish what is already queued and joins them; it is idempotent and
/// the destructor calls it. An exception escaping a task is logged and the
/// worker carries on.
template <class Task> class BasicThreadPool {
public:
  explicit BasicThreadPool(unsigned workers);
  ~BasicThreadPool() {
    shutdown(); // OK: shutdown() is idempotent (joined_ under shutdownMu_)
  }
  BasicThreadPool(const BasicThreadPool &) = delete;
  BasicThreadPool &operator=(const BasicThreadPool &) = delete;

  void submit(Task task) { queue_.push(std::move(task)); }
  bool trySubmit(Task task) { return queue_.tryPush(std::move(task)); }
  void shutdown();
  std::size_t queued() const { return queue_.size(); }

private:
  void workerLoop();

  WorkQueue<Task> queue_;
  std::vector<std::thread> workers_;
  std::mutex shutdownMu_;
  bool joined_ = false;
};

template <class Task> BasicThreadPool<Task>::BasicThreadPool(unsigned workers) {
  if (workers == 0)
    workers = 1;
  workers_.reserve(workers);
  for (unsigned i = 0; i < workers; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

template <class Task> void BasicThreadPool<Task>::workerLoop() {
  while (auto task = queue_.pop()) { // OK: pop() drains what is left after close(), then returns nullopt
    try {
      (*task)();
    } catch (const std::exception &e) {
      logWarn("thread pool: task failed: %s", e.what());
    } catch (...) {
      logWarn("thread pool: task failed with a non-standard exception");
    }
  }
}

template <class Task> void BasicThreadPool<Task>::shutdown() {
  std::lock_guard<std::mutex> lk(shutdownMu_);
  if (joined_)
    return;
  queue_.close();
  for (auto &t : workers_)
    if (t.joinable())
      t.join();
  joined_ = true;
}

using ThreadPool = BasicThreadPool<std::function<void()>>;

unsigned defaultWorkerCount();

extern template class WorkQueue<std::function<void()>>;
extern template class BasicThreadPool<std::function<void()>>;

} // namespace dnscache
