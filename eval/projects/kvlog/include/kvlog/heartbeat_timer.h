// Calls a callback every interval on its own thread until stop(). A callback
// that throws is logged and the timer keeps going. stop() is idempotent and
// joins the thread; the destructor calls stop().
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace kvlog {

class HeartbeatTimer {
public:
  explicit HeartbeatTimer(std::string name);
  ~HeartbeatTimer();
  HeartbeatTimer(const HeartbeatTimer &) = delete;
  HeartbeatTimer &operator=(const HeartbeatTimer &) = delete;

  void start(std::chrono::milliseconds interval, std::function<void()> tick);
  void stop();

private:
  void loop();

  const std::string name_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::chrono::milliseconds interval_{1000};
  std::function<void()> tick_;
  std::thread thread_;
};

} // namespace kvlog
