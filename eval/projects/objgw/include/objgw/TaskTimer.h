// The gateway's own timer: runs submitted tasks on one thread it owns, each at
// (or after) its due time; periodic tasks are rescheduled after every run.
//
// Semantics: start() launches the thread. schedule()/every() throw
// std::runtime_error("timer is shut down") after shutdown(). shutdown() discards
// the tasks that have not started, waits for a running task and joins the
// thread; it is idempotent and the destructor calls it. cancel() removes a task
// and, unless called from the timer thread itself, waits until a run of that
// task in progress has finished; cancel() after shutdown() is a no-op.
// An exception escaping a task is reported on stderr and the timer goes on.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace objgw {

class TaskTimer {
public:
  using TaskId = std::uint64_t;
  using Clock = std::chrono::steady_clock;

  TaskTimer() = default;
  ~TaskTimer();
  TaskTimer(const TaskTimer &) = delete;
  TaskTimer &operator=(const TaskTimer &) = delete;

  void start();
  TaskId schedule(std::chrono::milliseconds delay, std::function<void()> fn);
  TaskId every(std::chrono::milliseconds period, std::function<void()> fn);
  void cancel(TaskId id);
  void shutdown();
  bool isShutdown() const;

private:
  struct Task {
    Clock::time_point due;
    std::chrono::milliseconds period{0};
    std::function<void()> fn;
  };
  TaskId add(Clock::time_point due, std::chrono::milliseconds period, std::function<void()> fn);
  void run();

  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::map<TaskId, Task> tasks_;
  TaskId nextId_ = 1;
  TaskId running_ = 0;
  bool shutdown_ = false;
  std::thread thread_;
};

} // namespace objgw
