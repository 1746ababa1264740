// WorkerPool: fixed set of threads running posted tasks from a BoundedQueue.
// post() after stop() throws std::logic_error (the queue is closed);
// tryPost() returns false instead. stop() drains already-queued tasks, joins
// the threads and is idempotent.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "matchd/bounded_queue.h"

namespace matchd {

class WorkerPool {
public:
  WorkerPool(std::size_t threads, std::size_t queueCapacity, std::string name);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void post(std::function<void()> task);
  bool tryPost(std::function<void()> task);
  void stop();
  bool stopped() const;

private:
  void run();

  const std::string name_;
  BoundedQueue<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  mutable std::mutex stopMu_;
  bool stopped_ = false;
};

} // namespace matchd
