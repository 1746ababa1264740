// TelemetryPump: drain tasks moving the ingest queue into Kafka, with the
// OfflineBuffer as overflow (contract in telemetry_pump.h).
#include "iotbridge/telemetry_pump.h"

#include "iotbridge/kafka_sink.h"
#include "iotbridge/log.h"
#include "iotbridge/offline_buffer.h"
#include "iotbridge/subscription_hub.h"
#include "iotbridge/task_crew.h"

namespace iotbridge {

TelemetryPump::TelemetryPump(BlockingQueue<TelemetryRecord>& queue, KafkaSink& sink,
                             OfflineBuffer& buffer, SubscriptionHub& hub)
    : queue_(queue), sink_(sink), buffer_(buffer), hub_(hub) {}

void TelemetryPump::start(TaskCrew& crew, std::size_t drainers) {
  for (std::size_t i = 0; i < drainers; ++i) {
    crew.post([this] { drain(); });
  }
  IOTB_LOG(Info, "pump", drainers << " drainers started");
}

void TelemetryPump::drain() {
  while (std::optional<TelemetryRecord> record = queue_.pop()) {  // OK: after close() pop() drains, then returns nullopt
    const std::string json = encodeRecord(*record);
    if (sink_.publish(*record)) {
      published_.fetch_add(1);
    } else {
      buffer_.append(json);
      spilled_.fetch_add(1);
    }
    hub_.publish("telemetry", json);
  }
  IOTB_LOG(Debug, "pump", "drainer finished: queue closed");
}

}  // namespace iotbridge
