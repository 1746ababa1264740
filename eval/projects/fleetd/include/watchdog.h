// Watchdog: a thread that sends a heartbeat through the alert publisher,
// notices trucks that went quiet (the I/O thread evicts them) and closes the
// live feed when the map service stops reading it.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bounded_queue.h"

namespace fleetd {

class AlertPublisher;
class SessionRegistry;
class LiveFeed;
class Diagnostics;

class Watchdog {
public:
  Watchdog(SessionRegistry &registry, LiveFeed *feed, std::int64_t staleAfterMs,
           Diagnostics &diag);
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

  void watch(std::weak_ptr<AlertPublisher> publisher);
  void start();
  void stop();
  std::vector<std::string> takeStale();

private:
  void run();

  SessionRegistry &registry_;
  LiveFeed *feed_;
  const std::int64_t staleAfterMs_;
  Diagnostics &diag_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::weak_ptr<AlertPublisher> publisher_;
  BoundedQueue<std::string> stale_{256};
  std::thread thread_;
};

} // namespace fleetd
