// Watchdog: reads the safety PLC heartbeat over the field bus once a period on
// its own thread and counts missed beats.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "fieldbus_client.h"

namespace ww {

class Watchdog {
 public:
  Watchdog(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit, std::chrono::milliseconds period);
  ~Watchdog();

  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  void start();
  // Idempotent: joins the heartbeat thread if it runs.
  void stop();
  bool running() const;
  std::uint64_t missed() const;

 private:
  void loop();

  std::shared_ptr<FieldbusClient> bus_;
  std::uint8_t unit_;
  std::chrono::milliseconds period_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool stop_requested_ = false;
  std::thread thread_;
  std::atomic<std::uint64_t> missed_{0};
  std::atomic<std::uint16_t> last_beat_{0};
};

}  // namespace ww
