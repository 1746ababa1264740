// BusSink: the facility event bus, a second sink beside Kafka (EventChannel).
// publish() may be called from any thread; reconnect() installs a fresh
// channel and retires the old one, which reapRetired() closes once nobody
// holds it any more; disable() closes the channel when the bus is turned off
// in the configuration.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "messaging.h"

namespace bmsd {

class Diagnostics;

std::shared_ptr<EventChannel> connectEventChannel(const std::string &endpoint);

class BusSink {
public:
  explicit BusSink(Diagnostics &diag) : diag_(diag) {}

  void reconnect(const std::string &endpoint);
  void publish(const std::string &event);
  void publishControl(const std::string &event);
  void disable();
  void close();
  std::size_t reapRetired();

  std::weak_ptr<EventChannel> channel() const;
  bool enabled() const { return enabled_.load(); }
  std::uint64_t dropped() const { return dropped_.load(); }

private:
  Diagnostics &diag_;
  mutable std::mutex mu_;
  std::shared_ptr<EventChannel> channel_;
  std::vector<std::shared_ptr<EventChannel>> retired_;
  std::atomic<bool> enabled_{false};
  std::atomic<std::uint64_t> dropped_{0};
};

} // namespace bmsd
