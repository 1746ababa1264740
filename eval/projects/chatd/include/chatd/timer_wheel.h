// Hashed timer wheel driven by the server loop: tick() advances one slot and
// runs the callbacks that became due, on the calling thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <vector>

namespace chatd {

class TimerWheel {
public:
  using TimerId = std::uint64_t;
  using Callback = std::function<void()>;

  explicit TimerWheel(std::size_t slots = 128);

  /// Runs cb after `ticks` calls of tick() (at least one).
  TimerId scheduleAfter(std::size_t ticks, Callback cb);
  /// Removes a pending timer. Returns false if it already ran or is unknown.
  bool cancel(TimerId id);
  void tick();
  std::size_t pending() const;

private:
  struct Entry {
    TimerId id;
    std::size_t rounds;
    Callback cb;
  };

  std::vector<std::list<Entry>> slots_;
  std::size_t cursor_ = 0;
  TimerId nextId_ = 1;
};

} // namespace chatd
