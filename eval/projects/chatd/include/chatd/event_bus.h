// Publishing chat events to Kafka. The producer is created by the server and
// shared by the components that write to Kafka.
#pragma once

#include "messaging.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace chatd {

class EventBus {
public:
  explicit EventBus(std::shared_ptr<kafka::KafkaProducer> producer);

  /// Sends one event. Events published after stop() are dropped.
  void publish(const std::string &topic, const std::string &value);
  /// Sends a batch; with closeAfter the producer is flushed and closed after
  /// the last record (the bus is then stopped).
  void publishBatch(const std::vector<kafka::ProducerRecord> &batch,
                    bool closeAfter);
  /// Flushes and closes the producer.
  void stop();
  bool stopped() const;

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  mutable std::mutex mu_;
  bool stopped_ = false;
};

/// Records administrative actions on the audit topic.
class AuditTrail {
public:
  explicit AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer);
  void record(const std::string &actor, const std::string &action);

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

} // namespace chatd
