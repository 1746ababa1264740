// PublisherWatchdog: called from the main loop; checks that the alarm
// producer is alive, flushes it when its backlog grows and sends a heartbeat
// record. Holds the producer weakly so that it never keeps a replaced
// producer alive.
#pragma once
#include <chrono>
#include <memory>

#include "messaging.h"

namespace bmsd {

class Diagnostics;

class PublisherWatchdog {
public:
  using Clock = std::chrono::steady_clock;

  PublisherWatchdog(Diagnostics &diag, std::chrono::seconds interval,
                    int backlogLimit);

  void watch(std::weak_ptr<kafka::KafkaProducer> producer);
  void tick(Clock::time_point now);
  unsigned staleTicks() const { return staleTicks_; }

private:
  Diagnostics &diag_;
  const std::chrono::seconds interval_;
  const int backlogLimit_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
  Clock::time_point next_{};
  unsigned staleTicks_ = 0;
  unsigned long beats_ = 0;
};

} // namespace bmsd
