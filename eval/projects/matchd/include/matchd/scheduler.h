// Scheduler: one timer thread running one-shot and periodic callbacks.
// schedule*() after stop() throws std::logic_error; cancel() is always safe;
// stop() is idempotent and drops pending timers.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace matchd {

class Scheduler {
public:
  using TimerId = std::uint64_t;
  using Clock = std::chrono::steady_clock;

  Scheduler();
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  TimerId scheduleAfter(std::chrono::milliseconds delay, std::function<void()> fn);
  TimerId scheduleEvery(std::chrono::milliseconds period, std::function<void()> fn);
  bool cancel(TimerId id);
  void stop();

private:
  struct Timer {
    Clock::time_point due;
    std::chrono::milliseconds period{0};
    std::function<void()> fn;
  };
  TimerId add(std::chrono::milliseconds delay, std::chrono::milliseconds period,
              std::function<void()> fn);
  void run();

  std::mutex mu_;
  std::condition_variable cv_;
  std::map<TimerId, Timer> timers_;
  TimerId nextId_ = 1;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace matchd
