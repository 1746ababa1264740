// Fixed-size worker pool. Tasks posted before shutdown() all run.
#pragma once
#include "logship/bounded_queue.h"

#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace logship {

class ThreadPool {
public:
  ThreadPool(std::size_t threads, std::string name, std::size_t maxQueued = 4096);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// Queues a task. Throws QueueClosed once shutdown() has been called.
  void post(std::function<void()> task);
  /// Runs the tasks still queued, then joins the workers. Call it once.
  void shutdown();
  bool stopped() const { return tasks_.closed(); }
  std::size_t queued() const { return tasks_.size(); }

private:
  void workerLoop(std::size_t index);

  std::string name_;
  BoundedQueue<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
};

} // namespace logship
