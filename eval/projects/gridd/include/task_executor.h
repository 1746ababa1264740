// The head-end's own worker pool for background jobs (exports, deferred
// meter commands, billing notifications). post() after halt() throws;
// quiesce() waits until the queue is empty and no task is running; halt()
// stops accepting work, lets the queued tasks finish and joins the threads.
// halt() may be called more than once.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class TaskExecutor {
public:
  TaskExecutor(std::string name, unsigned threads);
  ~TaskExecutor();
  TaskExecutor(const TaskExecutor &) = delete;
  TaskExecutor &operator=(const TaskExecutor &) = delete;

  void post(std::function<void()> task);
  void quiesce();
  void halt();
  bool halted() const;
  std::size_t backlog() const;
  const std::string &name() const { return name_; }

private:
  void workerLoop();

  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  unsigned running_ = 0;
  bool halted_ = false;
  bool joined_ = false;
};
