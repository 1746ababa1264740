// One-shot timers fired from the main loop (pickup reminders, alarm
// follow-ups). Callbacks run in due order; an exception from one is logged.
#pragma once
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <map>

class DiagLog;

class ReminderTimers {
public:
  using TimerId = std::uint64_t;

  explicit ReminderTimers(DiagLog &diag);

  TimerId schedule(std::time_t due, std::function<void()> callback);
  bool cancel(TimerId id);
  std::size_t fireDue(std::time_t now);
  std::size_t pending() const { return entries_.size(); }

private:
  struct Entry {
    std::time_t due;
    std::function<void()> callback;
  };

  DiagLog &diag_;
  std::map<TimerId, Entry> entries_;
  std::multimap<std::time_t, TimerId> byDue_;
  TimerId nextId_ = 1;
};
