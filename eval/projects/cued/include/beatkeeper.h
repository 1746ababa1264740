// The daemon's timer wheel: periodic and one-shot callbacks, fired on the
// thread that calls pump().
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace cued {

class Beatkeeper {
public:
  using Clock = std::chrono::steady_clock;
  using Token = std::uint64_t;

  Token every(Clock::duration period, std::function<void()> fn);
  Token after(Clock::duration delay, std::function<void()> fn);
  /// Removes a callback; a callback cancelled during pump() is not fired.
  void cancel(Token token);
  /// Fires every callback due at `now`. Returns how many fired.
  std::size_t pump(Clock::time_point now);
  std::size_t size() const;

private:
  struct Entry {
    Clock::time_point due;
    Clock::duration period; // zero for one-shot
    std::shared_ptr<std::function<void()>> fn;
  };

  mutable std::mutex mu_;
  std::map<Token, Entry> entries_;
  Token next_ = 1;
};

} // namespace cued
