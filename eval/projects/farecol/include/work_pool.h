// Fixed-size thread pool. Tasks are std::function<void()>; exceptions thrown by a task are
// logged and swallowed. submit() after stop() throws. drain() waits until every task
// submitted so far has finished; stop() runs what is queued, then joins the threads.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace farecol {

class Diagnostics;

class WorkPool {
public:
  WorkPool(std::string name, unsigned threads, Diagnostics &diag);
  ~WorkPool();
  WorkPool(const WorkPool &) = delete;
  WorkPool &operator=(const WorkPool &) = delete;

  void submit(std::function<void()> task);
  void drain();
  void stop();
  bool stopped() const;
  std::size_t pending() const;

private:
  void run();

  const std::string name_;
  Diagnostics &diag_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t running_ = 0;
  bool stopping_ = false;
};

} // namespace farecol
