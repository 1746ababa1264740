// ThreadPool: fixed set of workers draining a BoundedQueue of jobs.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "bounded_queue.h"

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t workers, std::size_t backlog = 256);
  ~ThreadPool();

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Throws std::runtime_error("thread pool shut down") after shutdown().
  void submit(std::function<void()> job);
  // Idempotent: the first call closes the queue, lets the workers drain it and joins them.
  void shutdown();
  bool stopped() const;
  std::size_t completed() const;

 private:
  void worker_loop();

  BoundedQueue<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stopped_;
  std::atomic<std::size_t> completed_;
  std::mutex join_mu_;
};
