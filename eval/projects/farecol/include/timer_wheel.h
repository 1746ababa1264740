// Timers run by the daemon's main loop: periodic and one-shot callbacks fired from
// runDue(), always on the thread that calls it.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace farecol {

class TimerWheel {
public:
  using Clock = std::chrono::steady_clock;
  using Callback = std::function<void()>;
  using TimerId = std::uint64_t;

  TimerId every(std::chrono::milliseconds period, Callback cb);
  TimerId after(std::chrono::milliseconds delay, Callback cb);
  void cancel(TimerId id);
  std::size_t runDue(Clock::time_point now);
  std::chrono::milliseconds untilNext(Clock::time_point now) const;
  void clear();
  std::size_t size() const { return timers_.size(); }

private:
  struct Timer {
    Clock::time_point due;
    std::chrono::milliseconds period{0};
    Callback cb;
  };

  TimerId nextId_ = 1;
  std::map<TimerId, Timer> timers_;
};

} // namespace farecol
