// Fixed-size thread pool. submit() queues a callable for the worker threads
// and throws once stop() has been called; stop() lets the workers finish what
// is queued and exit; join() stops the pool and waits for the workers.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace histd {

class ThreadPool {
public:
  ThreadPool(std::string name, unsigned threads);
  ~ThreadPool();

  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void submit(std::function<void()> task);
  void stop();
  void join();
  /// Blocks until the queue is empty and no task is running.
  void waitIdle();

  bool stopped() const;
  unsigned size() const { return static_cast<unsigned>(threads_.size()); }
  const std::string &name() const { return name_; }

private:
  void workerLoop();

  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t running_ = 0;
  bool stopping_ = false;
};

} // namespace histd
