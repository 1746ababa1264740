// The relay's task runner: keeps submitted callables in a queue and runs them
// on the threads it owns. drain() waits until every task has finished;
// shutdown() stops and joins the threads. submit() after shutdown() throws
// "scheduler is shut down".
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace relay {

class Scheduler {
public:
  explicit Scheduler(unsigned threads);
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void submit(std::function<void()> task);
  void drain();
  void shutdown();

private:
  void loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  int running_ = 0;
  bool stopping_ = false;
};

} // namespace relay
