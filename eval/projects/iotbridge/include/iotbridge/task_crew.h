// TaskCrew: a fixed set of worker threads that run posted tasks in FIFO order.
//
// Semantics:
//  - post() queues a task; it throws std::runtime_error once shutdown() has
//    begun.
//  - shutdown() stops accepting tasks, lets the workers finish the tasks
//    already queued, and joins them. It is idempotent (a second call returns
//    immediately) and the destructor calls it.
//  - Exceptions escaping a task are caught and logged by the worker.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace iotbridge {

class TaskCrew {
 public:
  TaskCrew(std::size_t workers, std::string name);
  ~TaskCrew();
  TaskCrew(const TaskCrew&) = delete;
  TaskCrew& operator=(const TaskCrew&) = delete;

  void post(std::function<void()> task);
  void shutdown();

  std::size_t workers() const { return workers_.size(); }
  std::size_t pending() const;

 private:
  void workerLoop(std::size_t index);

  const std::string name_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace iotbridge
