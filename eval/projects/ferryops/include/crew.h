// Crew: the terminal's own worker pool. post() queues a task; the worker
// threads run tasks in order. join() lets the workers finish every queued task
// and then stops them; post() after join() throws. Defined in crew.cpp.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ferry {

class Crew {
public:
  explicit Crew(std::size_t threads);
  ~Crew();
  Crew(const Crew &) = delete;
  Crew &operator=(const Crew &) = delete;

  void post(std::function<void()> task);
  void join();
  std::size_t queued() const;

private:
  void workerLoop();

  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

} // namespace ferry
