// goniod — the timer wheel of the control loop: periodic beats registered by
// components and fired by tick(). tick() and cancel() are called from the
// control loop's thread.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace goniod {

class Pacemaker {
public:
  using Clock = std::chrono::steady_clock;
  using Token = std::uint64_t;

  Token every(std::string what, std::chrono::milliseconds period,
              std::function<void()> beat);
  bool cancel(Token token);
  void tick(Clock::time_point now);
  std::size_t armed() const;

private:
  struct Beat {
    std::string what;
    std::chrono::milliseconds period;
    Clock::time_point due;
    std::function<void()> fn;
  };
  mutable std::mutex mu_;
  std::map<Token, Beat> beats_;
  Token next_ = 1;
};

} // namespace goniod
