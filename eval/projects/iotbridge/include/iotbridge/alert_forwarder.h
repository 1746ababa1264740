// AlertForwarder: raises alerts for readings above configured thresholds.
//
// It subscribes to the hub's "telemetry" events, and for every reading whose
// metric has a threshold and exceeds it, sends an alert record to the alert
// topic through the kafka::KafkaProducer it shares with the KafkaSink.
//
// Semantics:
//  - attach() subscribes to the hub; callbacks run on the hub's dispatcher.
//  - shutdown() unsubscribes (waiting for an in-flight callback) and flushes
//    the producer so raised alerts are not lost. It is idempotent and the
//    destructor calls it.
//  - The forwarder never closes the producer.
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "iotbridge/subscription_hub.h"
#include "iotbridge/telemetry.h"
#include "messaging.h"

namespace iotbridge {

class AlertForwarder {
 public:
  AlertForwarder(SubscriptionHub& hub, std::shared_ptr<kafka::KafkaProducer> producer,
                 std::string alertTopic, std::map<std::string, double> thresholds);
  ~AlertForwarder();

  void attach();
  void shutdown();

  std::uint64_t raised() const { return raised_.load(); }

 private:
  void onTelemetry(const std::string& json);
  std::string formatAlert(const TelemetryRecord& record, double threshold) const;

  SubscriptionHub& hub_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string alertTopic_;
  const std::map<std::string, double> thresholds_;
  SubscriptionHub::Token token_ = 0;
  std::atomic<bool> attached_{false};
  std::atomic<std::uint64_t> raised_{0};
};

}  // namespace iotbridge
