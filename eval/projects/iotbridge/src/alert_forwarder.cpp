// AlertForwarder: threshold alerts from hub "telemetry" events, sent with the
// producer shared with the KafkaSink (contract in alert_forwarder.h).
#include "iotbridge/alert_forwarder.h"

#include <cstdio>

#include "iotbridge/log.h"

namespace iotbridge {

AlertForwarder::AlertForwarder(SubscriptionHub& hub,
                               std::shared_ptr<kafka::KafkaProducer> producer,
                               std::string alertTopic,
                               std::map<std::string, double> thresholds)
    : hub_(hub),
      producer_(std::move(producer)),
      alertTopic_(std::move(alertTopic)),
      thresholds_(std::move(thresholds)) {}

AlertForwarder::~AlertForwarder() {
  shutdown();  // OK: no-op once attached_ has been cleared
}

void AlertForwarder::attach() {
  if (attached_.exchange(true)) return;
  token_ = hub_.subscribe("telemetry", [this](const HubEvent& event) {
    onTelemetry(event.payload);
  });
  IOTB_LOG(Info, "alerts", "watching " << thresholds_.size() << " metrics");
}

void AlertForwarder::shutdown() {
  if (!attached_.exchange(false)) return;
  hub_.unsubscribe(token_);
  // Alerts are rare and important: do not leave them in the producer's queue.
  producer_->flush();  // SAME: alertflush
  IOTB_LOG(Info, "alerts", "detached after raising " << raised_.load() << " alerts");
}

void AlertForwarder::onTelemetry(const std::string& json) {
  std::optional<TelemetryRecord> record = decodeRecord(json);
  if (!record) return;
  auto it = thresholds_.find(record->metric);
  if (it == thresholds_.end() || record->value <= it->second) return;

  raised_.fetch_add(1);
  kafka::ProducerRecord alert{alertTopic_, formatAlert(*record, it->second)};
  producer_->send(alert);  // BUG: use-after-close #alertrace
}

std::string AlertForwarder::formatAlert(const TelemetryRecord& record,
                                        double threshold) const {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "\"value\":%.6g,\"threshold\":%.6g",
                record.value, threshold);
  return "{\"device\":\"" + record.deviceId + "\",\"metric\":\"" + record.metric +
         "\"," + numbers + ",\"seq\":" + std::to_string(record.seq) +
         ",\"ts\":" + std::to_string(record.timestampMs) + "}";
}

}  // namespace iotbridge
