#include "chatd/timer_wheel.h"

#include <utility>

namespace chatd {

TimerWheel::TimerWheel(std::size_t slots) : slots_(slots == 0 ? 1 : slots) {}

TimerWheel::TimerId TimerWheel::scheduleAfter(std::size_t ticks, Callback cb) {
  if (ticks == 0)
    ticks = 1;
  const TimerId id = nextId_++;
  const std::size_t slot = (cursor_ + ticks) % slots_.size();
  slots_[slot].push_back(Entry{id, (ticks - 1) / slots_.size(), std::move(cb)});
  return id;
}

bool TimerWheel::cancel(TimerId id) {
  for (auto &slot : slots_) {
    for (auto it = slot.begin(); it != slot.end(); ++it) {
      if (it->id == id) {
        slot.erase(it);
        return true;
      }
    }
  }
  return false;
}

void TimerWheel::tick() {
  cursor_ = (cursor_ + 1) % slots_.size();
  std::vector<Callback> due;
  auto &slot = slots_[cursor_];
  for (auto it = slot.begin(); it != slot.end();) {
    if (it->rounds == 0) {
      due.push_back(std::move(it->cb));
      it = slot.erase(it);
    } else {
      --it->rounds;
      ++it;
    }
  }
  // Run after unlinking, so callbacks may schedule or cancel timers.
  for (Callback &cb : due)
    cb();
}

std::size_t TimerWheel::pending() const {
  std::size_t n = 0;
  for (const auto &slot : slots_)
    n += slot.size();
  return n;
}

} // namespace chatd
