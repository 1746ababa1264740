// TimerWheel: tick-based one-shot and periodic timers for the control loop.
#include "timer_wheel.h"

#include <exception>
#include <vector>

TimerWheel::TimerId TimerWheel::schedule(std::size_t ticks, Callback cb) {
  TimerId id = ++next_;
  timers_.emplace(id, Timer{now_ + ticks, 0, std::move(cb)});
  return id;
}

TimerWheel::TimerId TimerWheel::scheduleEvery(std::size_t period, Callback cb) {
  if (period == 0) period = 1;
  TimerId id = ++next_;
  timers_.emplace(id, Timer{now_ + period, period, std::move(cb)});
  return id;
}

bool TimerWheel::cancel(TimerId id) { return timers_.erase(id) > 0; }

void TimerWheel::fire(Callback& cb) {
  try {
    cb();
  } catch (const std::exception&) {
    ++failures_;
  }
}

void TimerWheel::advance(std::size_t ticks) {
  now_ += ticks;
  std::vector<TimerId> due;
  for (const auto& [id, timer] : timers_) {
    if (timer.due <= now_) due.push_back(id);
  }
  for (TimerId id : due) {
    auto it = timers_.find(id);
    if (it == timers_.end()) continue;  // cancelled by an earlier callback
    Callback cb = it->second.cb;
    if (it->second.period > 0) {
      it->second.due = now_ + it->second.period;
    } else {
      timers_.erase(it);
    }
    fire(cb);
  }
}

void TimerWheel::drain() {
  std::map<TimerId, Timer> all;
  all.swap(timers_);
  for (auto& [id, timer] : all) fire(timer.cb);
}

std::size_t TimerWheel::pending() const { return timers_.size(); }

std::size_t TimerWheel::failures() const { return failures_; }
