// HeartbeatTimer: calls a tick callback every `interval` on its own thread.
//
// Semantics:
//  - start() launches the timer thread; it throws std::logic_error when the
//    timer is already running.
//  - stop() wakes the thread and joins it. It is idempotent (it returns at
//    once when there is no thread to join) and the destructor calls it.
//  - The tick runs on the timer thread; stop() must not be called from it.
//    Exceptions from the tick are caught and logged.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace iotbridge {

class HeartbeatTimer {
 public:
  HeartbeatTimer(std::chrono::milliseconds interval, std::function<void()> tick);
  ~HeartbeatTimer();
  HeartbeatTimer(const HeartbeatTimer&) = delete;
  HeartbeatTimer& operator=(const HeartbeatTimer&) = delete;

  void start();
  void stop();

 private:
  void run();

  const std::chrono::milliseconds interval_;
  std::function<void()> tick_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopRequested_ = false;
  std::thread thread_;
};

}  // namespace iotbridge
