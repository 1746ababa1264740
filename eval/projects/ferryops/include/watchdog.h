// Watchdog: a thread that periodically heartbeats the gates, gives up on
// gates that stop answering (watchdog.cpp).
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "types.h"

namespace ferry {

class Terminal;

class Watchdog {
public:
  Watchdog(Terminal &t, std::chrono::milliseconds period);
  ~Watchdog();
  void start();
  void stop();

private:
  void run();
  void checkGates();

  Terminal &t_;
  std::chrono::milliseconds period_;
  std::unordered_map<GateId, int> misses_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace ferry
