// KafkaSink: delivers telemetry records to the telemetry topic.
//
// The sink is constructed with the process's kafka::KafkaProducer (a
// shared_ptr; the Bridge hands the same producer to the AlertForwarder) and
// owns the producer's shutdown: close() flushes and closes it.
//
// Semantics:
//  - publish() returns false, without sending, when the producer's backlog is
//    over the configured limit (the caller spills the record to the
//    OfflineBuffer). It throws std::runtime_error once the sink is closed.
//  - flush() is a no-op once the sink is closed.
//  - close() is idempotent (guarded by an atomic flag); the destructor calls it.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "iotbridge/telemetry.h"
#include "messaging.h"

namespace iotbridge {

class KafkaSink {
 public:
  KafkaSink(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
            int maxBacklog, int closeTimeoutMs);
  ~KafkaSink();
  KafkaSink(const KafkaSink&) = delete;
  KafkaSink& operator=(const KafkaSink&) = delete;

  bool publish(const TelemetryRecord& record);
  void flush();
  void close();
  bool closed() const { return closed_.load(); }

  std::uint64_t sent() const { return sent_.load(); }
  std::uint64_t refused() const { return refused_.load(); }

 private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  const int maxBacklog_;
  const int closeTimeoutMs_;
  std::atomic<bool> closed_{false};
  std::atomic<std::uint64_t> sent_{0};
  std::atomic<std::uint64_t> refused_{0};
};

}  // namespace iotbridge
