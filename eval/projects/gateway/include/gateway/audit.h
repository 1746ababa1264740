// AuditTrail keeps a shared_ptr copy of the notifier's producer; ReceiptSink
// keeps a weak_ptr to it (audit.cpp). No markers here.
#pragma once
#include "messaging.h"

#include <memory>
#include <string>

namespace gateway {

class AuditTrail {
public:
  explicit AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void record(const std::string &event);

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class ReceiptSink {
public:
  explicit ReceiptSink(const std::shared_ptr<kafka::KafkaProducer> &producer)
      : producer_(producer) {}
  /// Publishes a delivery receipt; dropped when the producer is gone or closed.
  void ack(const std::string &notificationId);

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

} // namespace gateway
