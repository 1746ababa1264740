// Fixed-size pool of worker threads fed by a WorkQueue. submit() throws
// std::runtime_error once shutdown() has started (the queue is closed).
// shutdown() is idempotent: it lets queued tasks finish and joins the workers.
// A task's exception is stored in the future that submit() returns.
#pragma once
#include "kvlog/work_queue.h"

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace kvlog {

class ThreadPool {
public:
  explicit ThreadPool(std::string name);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void start(unsigned threads);
  void shutdown();
  bool running() const { return started_.load() && !stopped_.load(); }

  template <class F> std::future<std::invoke_result_t<std::decay_t<F> &>> submit(F &&fn) {
    using R = std::invoke_result_t<std::decay_t<F> &>;
    auto task = std::make_shared<std::packaged_task<R()>>(std::forward<F>(fn));
    std::future<R> result = task->get_future();
    tasks_.push([task] { (*task)(); });
    return result;
  }

private:
  void workerLoop();

  const std::string name_;
  WorkQueue<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
  std::atomic<bool> started_{false};
  std::atomic<bool> stopped_{false};
};

} // namespace kvlog
