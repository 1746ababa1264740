// ThreadPool: the plant's worker threads (telemetry polls, deferred jobs).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ww {

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t workers);
  ~ThreadPool();

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Queues a task; throws std::runtime_error("thread pool is shut down") after shutdown().
  void submit(std::function<void()> task);
  // Queues a task; returns false instead of throwing once the pool is shut down.
  bool try_submit(std::function<void()> task);
  // Runs the tasks already queued, then joins the workers. Idempotent.
  void shutdown();
  bool is_shut_down() const;
  std::size_t pending() const;

 private:
  void worker_loop();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

}  // namespace ww
