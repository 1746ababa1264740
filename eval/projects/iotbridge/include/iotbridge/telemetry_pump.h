// TelemetryPump: moves records from the ingest queue to Kafka.
//
// start() posts `drainers` long-running drain tasks to the TaskCrew. Each
// drain task pops records until the ingest queue is closed and empty,
// publishes them through the KafkaSink (spilling to the OfflineBuffer when
// the sink refuses a record) and publishes a "telemetry" hub event for rule
// evaluation. The pump has no stop(): closing the ingest queue ends the
// drain tasks, and the owner joins them by shutting the crew down.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "iotbridge/blocking_queue.h"
#include "iotbridge/telemetry.h"

namespace iotbridge {

class KafkaSink;
class OfflineBuffer;
class SubscriptionHub;
class TaskCrew;

class TelemetryPump {
 public:
  TelemetryPump(BlockingQueue<TelemetryRecord>& queue, KafkaSink& sink,
                OfflineBuffer& buffer, SubscriptionHub& hub);

  void start(TaskCrew& crew, std::size_t drainers);

  std::uint64_t published() const { return published_.load(); }
  std::uint64_t spilled() const { return spilled_.load(); }

 private:
  void drain();

  BlockingQueue<TelemetryRecord>& queue_;
  KafkaSink& sink_;
  OfflineBuffer& buffer_;
  SubscriptionHub& hub_;
  std::atomic<std::uint64_t> published_{0};
  std::atomic<std::uint64_t> spilled_{0};
};

}  // namespace iotbridge
