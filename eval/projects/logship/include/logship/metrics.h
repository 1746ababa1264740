// Counters published as JSON to a Kafka topic.
#pragma once
#include "messaging.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace logship {

class MetricsExporter {
public:
  MetricsExporter(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                  std::string host);

  void count(const std::string &name, long delta = 1);
  /// Sends a snapshot of the counters. No-op once stopped.
  void publish();
  /// Switches to a producer for `brokers`; the previous producer is closed.
  void setBrokers(const std::string &brokers);
  /// Publishes a final snapshot. Idempotent.
  void stop();

private:
  void publishLocked();
  std::string encodeLocked() const;

  std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  const std::string host_;
  std::map<std::string, long> counters_;
  bool stopped_ = false;
};

} // namespace logship
