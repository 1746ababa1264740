// ThreadPool: the tube system's own fixed-size worker pool (RFID polling, pharmacy orders,
// telemetry uploads).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tubed {

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t workers);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Queues a job. Throws std::runtime_error("thread pool shut down") after shutdown().
  void submit(std::function<void()> job);
  // Idempotent: refuses new jobs, lets the queued ones finish and joins the workers.
  void shutdown();
  bool accepting() const;

 private:
  void worker_loop();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

}  // namespace tubed
