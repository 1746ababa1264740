// Fixed set of worker threads running queued callables. drain() waits until
// everything queued so far has run; stop() discards what is still queued and
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

class DiagLog;

class WorkPool {
public:
  WorkPool(std::string name, unsigned threads, DiagLog &diag);
  ~WorkPool();
  WorkPool(const WorkPool &) = delete;
  WorkPool &operator=(const WorkPool &) = delete;

  void submit(std::function<void()> task);
  void drain();
  void stop();
  bool stopped() const;
  std::size_t queued() const;

private:
  void workerLoop();

  const std::string name_;
  DiagLog &diag_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  unsigned running_ = 0;
  bool stopping_ = false;
};
