// Fixed-size pool of worker threads for background jobs (history compaction,
// exports, metrics pushes).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace chatd {

class WorkerPool {
public:
  explicit WorkerPool(std::size_t threads);
  ~WorkerPool();

  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  /// Queues task to run on one of the pool's threads. Returns immediately.
  void submit(std::function<void()> task);
  /// Blocks until every task submitted so far has finished running.
  void drain();
  /// Runs the queued tasks, then stops and joins the threads.
  void shutdown();

  std::size_t threadCount() const { return threads_.size(); }

private:
  void workerLoop();

  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t active_ = 0;
  bool stopping_ = false;
};

} // namespace chatd
