// A poll-driven TimerWheel, single-threaded: after(delay, fn) stores the
// callback in a vector under a deadline and returns a handle, cancel(handle)
// drops it, and tick(), called by the event loop once per slot (10 ms here),
// advances the wheel's clock by one slot and runs the callbacks that are due.
// closeBeforeRetransmit() closes the channel with a retransmit still armed;
// the third tick runs it on the closed channel (bug). cancelBeforeClose()
// cancels the retransmit first, so the ticks after the close run nothing
// (correct). fireBeforeClose() ticks until the timer has fired and only
// then closes (correct).
#include "messaging.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

class TimerWheel {
public:
  using Handle = std::uint64_t;

  explicit TimerWheel(std::chrono::milliseconds slot) : slot_(slot) {}

  Handle after(std::chrono::milliseconds delay, std::function<void()> fn) {
    Handle handle = nextHandle_++;
    timers_.push_back(Entry{handle, now_ + delay, std::move(fn)});
    return handle;
  }

  bool cancel(Handle handle) {
    auto found = std::find_if(timers_.begin(), timers_.end(),
                              [handle](const Entry &e) { return e.handle == handle; });
    if (found == timers_.end())
      return false;
    timers_.erase(found);
    return true;
  }

  void tick() {
    now_ += slot_;
    std::vector<Entry> firing;
    std::vector<Entry> waiting;
    for (Entry &entry : timers_)
      (entry.deadline <= now_ ? firing : waiting).push_back(std::move(entry));
    timers_.swap(waiting);
    for (Entry &entry : firing) // in the order they were armed
      entry.fn();
  }

  std::size_t pending() const { return timers_.size(); }

private:
  struct Entry {
    Handle handle;
    std::chrono::milliseconds deadline;
    std::function<void()> fn;
  };

  std::chrono::milliseconds slot_;
  std::chrono::milliseconds now_{0};
  std::vector<Entry> timers_;
  Handle nextHandle_ = 1;
};

void closeBeforeRetransmit(cassandra::StreamingMultiplexedChannel &channel) {
  TimerWheel wheel(std::chrono::milliseconds(10));
  wheel.after(std::chrono::milliseconds(30), [&channel] {
    channel.sendControlMessage({"RETRANSMIT", "seq=41"}); // SAME: retransmit
  });
  channel.close();
  for (int slot = 0; slot < 5; ++slot)
    wheel.tick(); // BUG: use-after-close #retransmit
}

void cancelBeforeClose(cassandra::StreamingMultiplexedChannel &channel) {
  TimerWheel wheel(std::chrono::milliseconds(10));
  TimerWheel::Handle retransmit = wheel.after(std::chrono::milliseconds(30), [&channel] {
    channel.sendControlMessage({"RETRANSMIT", "seq=42"}); // OK
  });
  wheel.cancel(retransmit);
  channel.close();
  for (int slot = 0; slot < 5; ++slot)
    wheel.tick(); // OK
}

void fireBeforeClose(cassandra::StreamingMultiplexedChannel &channel) {
  TimerWheel wheel(std::chrono::milliseconds(10));
  wheel.after(std::chrono::milliseconds(20), [&channel] {
    channel.sendControlMessage({"RETRANSMIT", "seq=43"}); // OK
  });
  while (wheel.pending() > 0)
    wheel.tick();
  channel.close(); // OK
}
