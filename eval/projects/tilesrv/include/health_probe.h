// HealthProbe: pings the primary origin from its own thread on a dedicated
// connection and keeps the last verdict for /status and the admin socket.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "netconn.h"

namespace tilesrv {

class HealthProbe {
public:
  HealthProbe(std::string origin, std::chrono::seconds interval);
  ~HealthProbe();

  HealthProbe(const HealthProbe &) = delete;
  HealthProbe &operator=(const HealthProbe &) = delete;

  void start();
  void stop();
  // Points the probe at another origin; takes effect on the next ping.
  void retarget(const std::string &origin);

  bool healthy() const { return healthy_.load(); }
  unsigned consecutiveFailures() const { return failures_.load(); }

private:
  void loop();
  bool pingLocked();

  std::string origin_;
  const std::chrono::seconds interval_;
  net::Connection conn_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool running_ = false;
  std::thread thread_;
  std::atomic<bool> healthy_{false};
  std::atomic<unsigned> failures_{0};
};

} // namespace tilesrv
