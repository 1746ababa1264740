// Hashed timer wheel with its own thread.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

namespace dnscache {

/// Callbacks run on the wheel's thread, outside the wheel's lock, so they may
/// schedule or cancel timers. An exception escaping a callback terminates the
/// process (callbacks must not throw). schedule()/every() after stop() drop the
/// callback and return 0. stop() is idempotent: it joins the thread and
/// destroys the pending callbacks (and whatever they captured).
class TimerWheel {
public:
  using Callback = std::function<void()>;
  using TimerId = uint64_t;

  explicit TimerWheel(std::chrono::milliseconds tick = std::chrono::milliseconds(100),
                      std::size_t slots = 512);
  ~TimerWheel();
  TimerWheel(const TimerWheel &) = delete;
  TimerWheel &operator=(const TimerWheel &) = delete;

  void start();
  void stop();
  TimerId schedule(std::chrono::milliseconds delay, Callback cb);
  TimerId every(std::chrono::milliseconds period, Callback cb);
  bool cancel(TimerId id);
  std::size_t pending() const;

private:
  struct Timer {
    TimerId id;
    uint64_t rounds;
    std::chrono::milliseconds period;
    Callback cb;
  };
  TimerId addLocked(std::chrono::milliseconds delay, std::chrono::milliseconds period,
                    Callback cb);
  void placeLocked(Timer timer, std::chrono::milliseconds delay);
  void run();

  const std::chrono::milliseconds tick_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::list<Timer>> slots_;
  std::unordered_set<TimerId> live_;
  std::size_t cursor_ = 0;
  TimerId nextId_ = 1;
  bool running_ = false;
  bool stopped_ = false;
  std::thread thread_;
};

} // namespace dnscache
