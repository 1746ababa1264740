// LiveFeed: streams position updates to the live-map service over a
// net::Connection. send() is called from the I/O thread; the watchdog closes
// the feed from its own thread when the map service stops draining it.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

#include "netconn.h"

namespace fleetd {

class LiveFeed {
public:
  explicit LiveFeed(const std::string &endpoint);
  void send(const std::string &update);
  bool closeIfStalled(std::int64_t nowMs, std::int64_t limitMs);
  void close();
  bool closed() const { return closed_.load(std::memory_order_acquire); }

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  std::atomic<std::int64_t> lastFlushMs_;
  net::Connection conn_;
  std::size_t batched_ = 0;
};

} // namespace fleetd
