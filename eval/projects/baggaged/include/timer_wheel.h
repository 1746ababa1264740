// TimerWheel: tick-based timers driven by the control loop. Callbacks run on
// the thread that calls advance()/drain(); a callback that throws is counted
// in failures() and does not keep the others from running.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>

class TimerWheel {
 public:
  using Callback = std::function<void()>;
  using TimerId = std::uint64_t;

  TimerId schedule(std::size_t ticks, Callback cb);
  TimerId scheduleEvery(std::size_t period, Callback cb);
  bool cancel(TimerId id);
  void advance(std::size_t ticks = 1);
  // Runs every pending callback once, right now, and forgets all timers.
  void drain();
  std::size_t pending() const;
  std::size_t failures() const;

 private:
  struct Timer {
    std::size_t due;
    std::size_t period;
    Callback cb;
  };
  void fire(Callback& cb);
  std::map<TimerId, Timer> timers_;
  std::size_t now_ = 0;
  TimerId next_ = 0;
  std::size_t failures_ = 0;
};
