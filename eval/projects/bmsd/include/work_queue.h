// WorkQueue: the daemon's own thread pool. post() queues a callable that one
// of the pool's threads runs; drain() waits until everything queued has run;
// stop() lets the queue empty, joins the threads, and may be called once:
// posting or stopping again afterwards throws.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bmsd {

class Diagnostics;

class WorkQueue {
public:
  WorkQueue(std::string name, unsigned threads, Diagnostics &diag);
  ~WorkQueue();
  WorkQueue(const WorkQueue &) = delete;
  WorkQueue &operator=(const WorkQueue &) = delete;

  void post(std::function<void()> task);
  void drain();
  void stop();
  bool stopped() const;
  std::size_t pending() const;

private:
  enum class State { Running, Stopping, Stopped };
  void workerLoop();

  const std::string name_;
  Diagnostics &diag_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
  std::size_t active_ = 0;
  State state_ = State::Running;
};

} // namespace bmsd
