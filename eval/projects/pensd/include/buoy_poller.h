// BuoyPoller: background thread that polls every buoy address on the bus and
// publishes the raw frames as "buoy.frame" events.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "event_dispatcher.h"
#include "rs485_bus.h"

class BuoyPoller {
 public:
  BuoyPoller(std::shared_ptr<Rs485Bus> bus, std::shared_ptr<EventDispatcher> events,
             std::vector<std::uint8_t> addresses, std::chrono::milliseconds period);
  ~BuoyPoller();  // stop()

  void request_stop();  // flags the thread and returns at once; it may still be mid-exchange
  void stop();          // flags the thread and joins it
  bool running() const;

 private:
  void run();

  std::shared_ptr<Rs485Bus> bus_;
  std::shared_ptr<EventDispatcher> events_;
  std::vector<std::uint8_t> addresses_;
  std::chrono::milliseconds period_;
  std::atomic<bool> running_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::mutex join_mu_;
  std::thread worker_;
};
