// WorkerPool: the gateway's own fixed-size thread pool (worker_pool.cpp).
// submit() throws std::runtime_error after shutdown(); shutdown() runs what is
// queued, joins the threads and is a no-op the second time. No markers here.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace gateway {

class WorkerPool {
public:
  explicit WorkerPool(std::size_t threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  std::future<void> submit(std::function<void()> task);
  void shutdown();

private:
  void workerLoop();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::packaged_task<void()>> tasks_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

} // namespace gateway
