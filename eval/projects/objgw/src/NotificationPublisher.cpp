// NotificationPublisher: gateway events to Kafka.
#include "objgw/NotificationPublisher.h"

#include <chrono>
#include <messaging.h>

namespace objgw {

NotificationPublisher::NotificationPublisher(const std::string &brokers, std::string topic)
    : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)) {}

NotificationPublisher::~NotificationPublisher() {
  if (producer_)
    producer_->close(); // OK: a second KafkaProducer::close() after close() is not an error
}

void NotificationPublisher::registerHooks(LifecycleHooks &hooks) {
  const std::shared_ptr<kafka::KafkaProducer> producer = producer_;
  const std::string topic = topic_;

  hooks.on(HookKind::ObjectStored, [producer, topic](const HookEvent &ev) {
    producer->send(kafka::ProducerRecord{topic, "stored " + ev.key}); // OK: fired by request handling only, which the gateway refuses before it closes the publisher
  });
  hooks.on(HookKind::ObjectDeleted, [producer, topic](const HookEvent &ev) {
    producer->send(kafka::ProducerRecord{topic, "deleted " + ev.key}); // OK: fired by request handling only, which the gateway refuses before it closes the publisher
  });
  hooks.on(HookKind::ReplicationDone, [producer, topic](const HookEvent &ev) {
    producer->send(kafka::ProducerRecord{topic, "replicated " + ev.key}); // BUG: use-after-close #replnotify
  });
  hooks.on(HookKind::Shutdown, [producer, topic](const HookEvent &) {
    producer->send(kafka::ProducerRecord{topic, "gateway stopping"}); // BUG: use-after-close
  });
}

bool NotificationPublisher::publish(const std::string &key, const std::string &event) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return false;
  producer_->send(kafka::ProducerRecord{topic_, event + " " + key}); // OK: closed_ is checked under the lock close() takes
  return true;
}

void NotificationPublisher::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  producer_->flush();
  producer_->close(std::chrono::milliseconds(5000)); // SAME: replnotify
}

bool NotificationPublisher::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace objgw
