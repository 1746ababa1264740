// FaultMonitor: forwards every raw diagnostic trouble code to Kafka and
// raises an alert when a code is critical or keeps coming back.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "messaging.h"
#include "telemetry.h"

namespace fleetd {

class TelemetryRouter;

class FaultMonitor {
public:
  using RaiseAlert = std::function<void(const Alert &)>;

  FaultMonitor(TelemetryRouter &router, std::shared_ptr<kafka::KafkaProducer> producer,
               std::string rawTopic, RaiseAlert raise);
  FaultMonitor(const FaultMonitor &) = delete;
  FaultMonitor &operator=(const FaultMonitor &) = delete;

private:
  void evaluate(const FaultReport &fault);

  RaiseAlert raise_;
  std::map<std::string, int> repeats_; // "vin/dtc" -> occurrences in the window
  std::int64_t windowStartMs_ = 0;
};

std::string encodeFault(const FaultReport &fault);

} // namespace fleetd
