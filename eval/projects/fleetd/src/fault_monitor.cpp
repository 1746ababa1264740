// FaultMonitor: every diagnostic trouble code a truck reports is forwarded
// as-is to the raw fault topic for the maintenance team; critical codes, and
// codes that come back three times within an hour, become fleet alerts.
#include "fault_monitor.h"

#include <utility>

#include "telemetry_router.h"

namespace fleetd {

namespace {
constexpr std::int64_t kWindowMs = 60 * 60 * 1000;
constexpr int kRepeatThreshold = 3;
} // namespace

std::string encodeFault(const FaultReport &f) {
  return f.vin + " " + std::to_string(f.timestampMs) + " " + f.dtc + " " +
         std::to_string(f.severity) + " " + (f.active ? "1" : "0");
}

FaultMonitor::FaultMonitor(TelemetryRouter &router, std::shared_ptr<kafka::KafkaProducer> producer,
                           std::string rawTopic, RaiseAlert raise)
    : raise_(std::move(raise)) {
  router.onFault([this, producer = std::move(producer),
                  topic = std::move(rawTopic)](const FaultReport &fault) {
    producer->send(kafka::ProducerRecord{topic, encodeFault(fault)}); // BUG: use-after-close
    evaluate(fault);
  });
}

void FaultMonitor::evaluate(const FaultReport &fault) {
  if (!fault.active)
    return;
  if (fault.timestampMs - windowStartMs_ > kWindowMs) {
    repeats_.clear();
    windowStartMs_ = fault.timestampMs;
  }
  int seen = ++repeats_[fault.vin + "/" + fault.dtc];
  if (fault.severity >= 3 || seen == kRepeatThreshold) {
    Alert alert;
    alert.kind = "fault";
    alert.vin = fault.vin;
    alert.timestampMs = fault.timestampMs;
    alert.severity = fault.severity >= 3 ? 3 : 2;
    alert.detail = fault.dtc + (seen >= kRepeatThreshold ? " (repeated)" : "");
    raise_(alert);
  }
}

} // namespace fleetd
