// Watchdog: a thread that shuts down links that stopped answering and drops a silent
// pharmacy robot link.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "alarm_bus.h"
#include "link_registry.h"
#include "pharmacy_link.h"

namespace tubed {

class Watchdog {
 public:
  Watchdog(std::shared_ptr<LinkRegistry> links, std::shared_ptr<PharmacyLink> pharmacy,
           std::shared_ptr<AlarmBus> alarms, std::chrono::milliseconds period,
           std::chrono::milliseconds stale_after);
  ~Watchdog();

  void start();
  void stop();  // idempotent; joins the thread

 private:
  void loop();
  void sweep();

  std::shared_ptr<LinkRegistry> links_;
  std::shared_ptr<PharmacyLink> pharmacy_;
  std::shared_ptr<AlarmBus> alarms_;
  std::chrono::milliseconds period_;
  std::chrono::milliseconds stale_after_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace tubed
