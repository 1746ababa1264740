// A small fixed-size thread pool of our own.
//
//  - submit() stores the callable; one of the pool's threads runs it. submit() after
//    shutdown() throws std::runtime_error("worker pool is shut down").
//  - drain() blocks until every task submitted so far has finished.
//  - shutdown() stops accepting work, lets the threads finish what is already queued and
//    joins them. It is idempotent, every caller returns only after the join, and the
//    destructor calls it. It must not be called from one of the pool's own tasks.
//  - A task that throws is logged and dropped; the thread goes on with the next task.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace printfarm {

class WorkerPool {
public:
  WorkerPool(std::string name, unsigned threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void submit(std::function<void()> task);
  void drain();
  void shutdown();
  bool isShutdown() const;

private:
  void workerLoop();

  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable workCv_;
  std::condition_variable idleCv_;
  std::deque<std::function<void()>> tasks_;
  unsigned active_ = 0;
  bool shutdown_ = false;
  std::mutex joinMu_;
  std::vector<std::thread> threads_;
};

} // namespace printfarm
