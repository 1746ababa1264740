// The gateway's own thread pool: stores callables and runs them on its threads.
// Protocol: post() throws std::runtime_error after shutdown(); shutdown()
// runs what is already queued, joins the threads and is idempotent.
// No BUG markers here: declarations only.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pushgw {

class WorkerPool {
public:
  WorkerPool(std::string name, std::size_t threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void post(std::function<void()> task);
  void shutdown();
  std::size_t pending() const;

private:
  void run();

  const std::string name_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::mutex joinMu_;
  std::vector<std::thread> threads_;
};

} // namespace pushgw
