// Publishes billing events (outages, restores, tamper alarms, relay
// operations, export notifications) to the billing system's Kafka topic.
// Shared through std::shared_ptr by the components that publish. publish()
// and heartbeat() throw once the publisher is closed; tryPublish() returns
// false instead. close() flushes and closes the producer; it is idempotent.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "messaging.h"
#include "reading.h"

class BillingPublisher {
public:
  BillingPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~BillingPublisher();
  BillingPublisher(const BillingPublisher &) = delete;
  BillingPublisher &operator=(const BillingPublisher &) = delete;

  void publish(const BillingEvent &ev);
  bool tryPublish(const BillingEvent &ev);
  void heartbeat();
  void close();
  bool closed() const { return closed_.load(); }

  const std::string &topic() const { return topic_; }
  std::uint64_t published() const;

private:
  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topic_;
  std::atomic<bool> closed_{false};
  std::uint64_t published_ = 0;
};
