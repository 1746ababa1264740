// LimnoIntervals: timers run on the cycle thread by advance(). No connections here.
#include "limnod_intervals.h"
#include <vector>

int LimnoIntervals::every(std::chrono::milliseconds period, std::function<void()> fn) {
  const int id = next_++;
  entries_[id] = Entry{Clock::now() + period, period, std::move(fn), true};
  return id;
}

int LimnoIntervals::once(std::chrono::milliseconds delay, std::function<void()> fn) {
  const int id = next_++;
  entries_[id] = Entry{Clock::now() + delay, delay, std::move(fn), false};
  return id;
}

void LimnoIntervals::cancel(int id) { entries_.erase(id); }

void LimnoIntervals::advance(Clock::time_point now) {
  std::vector<int> due;
  for (const auto &kv : entries_)
    if (kv.second.due <= now)
      due.push_back(kv.first);
  for (int id : due) {
    auto it = entries_.find(id);
    if (it == entries_.end())
      continue; // cancelled by an earlier callback
    std::function<void()> fn = it->second.fn;
    if (it->second.repeat)
      it->second.due = now + it->second.period;
    else
      entries_.erase(it);
    fn();
  }
}
