// Main-loop timers.
#include "timer_wheel.h"

#include <algorithm>

namespace farecol {

TimerWheel::TimerId TimerWheel::every(std::chrono::milliseconds period, Callback cb) {
  const TimerId id = nextId_++;
  timers_.emplace(id, Timer{Clock::now() + period, period, std::move(cb)});
  return id;
}

TimerWheel::TimerId TimerWheel::after(std::chrono::milliseconds delay, Callback cb) {
  const TimerId id = nextId_++;
  timers_.emplace(id, Timer{Clock::now() + delay, std::chrono::milliseconds(0), std::move(cb)});
  return id;
}

void TimerWheel::cancel(TimerId id) { timers_.erase(id); }

std::size_t TimerWheel::runDue(Clock::time_point now) {
  std::vector<TimerId> due;
  for (const auto &entry : timers_)
    if (entry.second.due <= now)
      due.push_back(entry.first);

  std::size_t fired = 0;
  for (TimerId id : due) {
    auto it = timers_.find(id);
    if (it == timers_.end())
      continue; // cancelled by an earlier callback
    Callback cb = it->second.cb;
    if (it->second.period.count() > 0)
      it->second.due = now + it->second.period;
    else
      timers_.erase(it);
    cb();
    ++fired;
  }
  return fired;
}

std::chrono::milliseconds TimerWheel::untilNext(Clock::time_point now) const {
  if (timers_.empty())
    return std::chrono::milliseconds(1000);
  Clock::time_point next = Clock::time_point::max();
  for (const auto &entry : timers_)
    next = std::min(next, entry.second.due);
  if (next <= now)
    return std::chrono::milliseconds(0);
  return std::chrono::duration_cast<std::chrono::milliseconds>(next - now);
}

void TimerWheel::clear() { timers_.clear(); }

} // namespace farecol
