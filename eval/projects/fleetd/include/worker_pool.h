// WorkerPool: runs submitted callables on a fixed set of threads it owns.
// drain() waits until everything submitted so far has run; stop() drains and
// joins the threads. submit() after stop() throws.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fleetd {

class Diagnostics;

class WorkerPool {
public:
  WorkerPool(unsigned threads, std::string name, Diagnostics &diag);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void submit(std::function<void()> task);
  void drain();
  void stop();
  bool stopped() const;
  std::size_t failures() const;

private:
  void run(unsigned index);

  std::string name_;
  Diagnostics &diag_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t running_ = 0;
  std::size_t failures_ = 0;
  bool stopping_ = false;
};

} // namespace fleetd
