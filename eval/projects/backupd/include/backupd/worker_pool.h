// WorkerPool: the daemon's own compression thread pool.
//
// Semantics:
//   - start(n) starts n threads that run submitted tasks;
//   - submit() throws std::runtime_error("queue closed") once stop() ran;
//   - stop() closes the task queue, lets the threads drain it and joins them;
//     it is idempotent; the destructor calls stop();
//   - waitIdle() blocks until no task is queued or running.
// Tasks must not throw: an exception escaping a task terminates the process.
#pragma once
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "backupd/blocking_queue.h"

namespace backupd {

class WorkerPool {
public:
  using Task = std::function<void()>;

  WorkerPool() = default;
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void start(unsigned threads);
  void submit(Task task);
  void waitIdle();
  void stop();

private:
  void loop();

  BlockingQueue<Task> tasks_;
  std::vector<std::thread> threads_;
  std::mutex idleMu_;
  std::condition_variable idleCv_;
  int pending_ = 0;
};

} // namespace backupd
