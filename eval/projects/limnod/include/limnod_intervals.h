// Timers run by the daemon's cycle thread (advance() calls every due callback).
#pragma once
#include <chrono>
#include <functional>
#include <map>

class LimnoIntervals {
public:
  using Clock = std::chrono::steady_clock;
  int every(std::chrono::milliseconds period, std::function<void()> fn);
  int once(std::chrono::milliseconds delay, std::function<void()> fn);
  void cancel(int id);
  void advance(Clock::time_point now);
  std::size_t pending() const { return entries_.size(); }

private:
  struct Entry {
    Clock::time_point due;
    std::chrono::milliseconds period;
    std::function<void()> fn;
    bool repeat;
  };
  std::map<int, Entry> entries_;
  int next_ = 1;
};
