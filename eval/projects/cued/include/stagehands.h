// The daemon's own worker crew for slow hardware jobs (homing, parking,
// encoder work) so the main loop keeps pumping the timers.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cued {

class Stagehands {
public:
  explicit Stagehands(std::size_t count);
  ~Stagehands();
  Stagehands(const Stagehands &) = delete;
  Stagehands &operator=(const Stagehands &) = delete;

  /// Queues a job. Throws std::logic_error after join().
  void post(std::function<void()> job);
  /// Blocks until the queue is empty and no job is running.
  void drain();
  /// Drops queued jobs that have not started; returns how many.
  std::size_t cancelPending();
  /// Finishes queued jobs and joins the threads.
  void join();

private:
  void work();

  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> crew_;
  std::size_t busy_ = 0;
  bool quitting_ = false;
};

} // namespace cued
