// WorkerPool: the daemon's own fixed-size thread pool (console sessions,
// slow disk work). post() refuses work once stop() has run.
#pragma once
#include "status.h"
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

class WorkerPool {
 public:
  explicit WorkerPool(std::size_t threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues a job; returns StatusCode::Closed and drops the job after stop().
  Status post(std::function<void()> job);
  // Runs what is already queued, then joins the threads. Safe to call twice.
  void stop();
  bool stopped() const;

 private:
  void run();
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};
