// ReminderTimers: a map of callbacks ordered by due time; fireDue() runs the
// due ones on the caller's thread.
#include "reminder_timers.h"

#include "diag_log.h"

#include <exception>
#include <utility>
#include <vector>

ReminderTimers::ReminderTimers(DiagLog &diag) : diag_(diag) {}

ReminderTimers::TimerId ReminderTimers::schedule(std::time_t due, std::function<void()> callback) {
  const TimerId id = nextId_++;
  entries_.emplace(id, Entry{due, std::move(callback)});
  byDue_.emplace(due, id);
  return id;
}

bool ReminderTimers::cancel(TimerId id) {
  auto it = entries_.find(id);
  if (it == entries_.end())
    return false;
  auto range = byDue_.equal_range(it->second.due);
  for (auto d = range.first; d != range.second; ++d) {
    if (d->second == id) {
      byDue_.erase(d);
      break;
    }
  }
  entries_.erase(it);
  return true;
}

std::size_t ReminderTimers::fireDue(std::time_t now) {
  std::vector<std::function<void()>> due;
  while (!byDue_.empty() && byDue_.begin()->first <= now) {
    const TimerId id = byDue_.begin()->second;
    byDue_.erase(byDue_.begin());
    auto it = entries_.find(id);
    if (it == entries_.end())
      continue;
    due.push_back(std::move(it->second.callback));
    entries_.erase(it);
  }
  for (std::function<void()> &callback : due) {
    try {
      callback();
    } catch (const std::exception &e) {
      diag_.warn("timer callback failed: %s", e.what());
    }
  }
  return due.size();
}
