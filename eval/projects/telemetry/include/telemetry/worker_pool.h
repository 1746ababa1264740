// WorkerPool: a fixed set of threads running submitted tasks in order.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace telemetry {

class WorkerPool {
public:
  explicit WorkerPool(std::size_t threads);
  /// stop()s the pool.
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  /// Queues a task; throws std::runtime_error once the pool is stopping.
  void submit(std::function<void()> task);
  /// Blocks until no task is queued and none is running.
  void drain();
  /// Runs what is queued, then joins the threads. Idempotent.
  void stop();

private:
  void workerLoop();

  std::mutex mu_;
  std::condition_variable workAvailable_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t running_ = 0;
  bool stopping_ = false;
};

} // namespace telemetry
