// Publishes gateway events to Kafka through kafka::KafkaProducer.
//
// Semantics: publish() returns false once the publisher is closed and never
// sends on a closed producer. close() flushes and closes the producer and is
// idempotent. The callbacks installed by registerHooks() share the producer and
// send on it directly; KafkaProducer::send() fails once the producer is closed.
// A second KafkaProducer::close() is harmless, so the destructor closes the
// producer unconditionally (covers publishers that were never close()d).
#pragma once
#include "objgw/LifecycleHooks.h"

#include <memory>
#include <mutex>
#include <string>

namespace kafka {
class KafkaProducer;
}

namespace objgw {

class NotificationPublisher {
public:
  NotificationPublisher(const std::string &brokers, std::string topic);
  ~NotificationPublisher();
  NotificationPublisher(const NotificationPublisher &) = delete;
  NotificationPublisher &operator=(const NotificationPublisher &) = delete;

  void registerHooks(LifecycleHooks &hooks);
  bool publish(const std::string &key, const std::string &event);
  void close();
  bool isClosed() const;

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  mutable std::mutex mu_;
  bool closed_ = false;
};

} // namespace objgw
