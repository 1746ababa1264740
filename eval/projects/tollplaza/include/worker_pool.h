// The plaza's worker pool: post() stores a task, the pool's threads run the
// tasks in order. drain() stops accepting work, lets the threads finish every
// task already posted, and joins them; it is idempotent and the destructor
// calls it. post() after drain() throws std::logic_error.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace toll {

class WorkerPool {
public:
  WorkerPool(std::string name, unsigned threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void post(std::function<void()> task);
  void drain();
  bool draining() const;
  std::size_t queued() const;

private:
  void workerLoop();

  const std::string name_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  bool draining_ = false;
};

} // namespace toll
