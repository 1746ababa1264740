// Watches the bus producer without keeping it alive: probes it from the main loop and
// reports the daemon's health on the bus.
#pragma once
#include "messaging.h"

#include <memory>
#include <string>

namespace farecol {

class Diagnostics;

enum class HealthState { Up, Degraded, Down };
const char *healthName(HealthState state);

class HealthChecker {
public:
  HealthChecker(std::string topicPrefix, Diagnostics &diag);

  void watch(std::weak_ptr<kafka::KafkaProducer> producer);
  HealthState probe();
  HealthState last() const { return last_; }
  void reportFinal(const std::string &summary);

private:
  std::string topicPrefix_;
  Diagnostics &diag_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
  HealthState last_ = HealthState::Down;
  unsigned failures_ = 0;
};

} // namespace farecol
