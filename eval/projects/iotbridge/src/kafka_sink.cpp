// KafkaSink: telemetry records to Kafka through the shared producer
// (contract in kafka_sink.h: the sink closes the producer; close() is
// idempotent; publish() throws once closed).
#include "iotbridge/kafka_sink.h"

#include <chrono>
#include <stdexcept>

#include "iotbridge/log.h"

namespace iotbridge {

KafkaSink::KafkaSink(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                     int maxBacklog, int closeTimeoutMs)
    : producer_(std::move(producer)),
      topic_(std::move(topic)),
      maxBacklog_(maxBacklog),
      closeTimeoutMs_(closeTimeoutMs) {}

KafkaSink::~KafkaSink() {
  close();  // OK: close() is guarded by closed_.exchange()
}

bool KafkaSink::publish(const TelemetryRecord& record) {
  if (closed_.load()) {
    throw std::runtime_error("KafkaSink for '" + topic_ + "' is closed");
  }
  if (producer_->pendingCount() > maxBacklog_) {
    refused_.fetch_add(1);
    return false;
  }
  producer_->send(kafka::ProducerRecord{topic_, encodeRecord(record)});
  sent_.fetch_add(1);
  return true;
}

void KafkaSink::flush() {
  if (closed_.load()) return;
  producer_->flush();
}

void KafkaSink::close() {
  if (closed_.exchange(true)) return;
  const int pending = producer_->pendingCount();
  if (pending > 0) {
    IOTB_LOG(Info, "sink", "flushing " << pending << " pending records before close");
  }
  producer_->flush();
  producer_->close(std::chrono::milliseconds(closeTimeoutMs_));  // SAME: alertrace
  IOTB_LOG(Info, "sink", "closed after " << sent_.load() << " records, "
                                          << refused_.load() << " refused");
}

}  // namespace iotbridge
