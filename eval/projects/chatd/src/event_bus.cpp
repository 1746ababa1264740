#include "chatd/event_bus.h"

#include <utility>

namespace chatd {

EventBus::EventBus(std::shared_ptr<kafka::KafkaProducer> producer)
    : producer_(std::move(producer)) {}

void EventBus::publish(const std::string &topic, const std::string &value) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    return;
  producer_->send(kafka::ProducerRecord{topic, value}); // OK: stopped_ is checked under mu_, which stop() holds while it closes the producer
}

void EventBus::publishBatch(const std::vector<kafka::ProducerRecord> &batch,
                            bool closeAfter) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_ || batch.empty())
    return;
  const std::size_t last = batch.size() - 1;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    producer_->send(batch[i]); // OK: the close below runs only in the last iteration, after the last send
    if (closeAfter && i == last) {
      producer_->flush();
      producer_->close();
      stopped_ = true;
    }
  }
}

void EventBus::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  producer_->flush();
  producer_->close();
}

bool EventBus::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopped_;
}

AuditTrail::AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer)
    : producer_(std::move(producer)) {}

void AuditTrail::record(const std::string &actor, const std::string &action) {
  producer_->send(kafka::ProducerRecord{"chatd.audit", actor + " " + action}); // SAME: audit_after_stop
}

} // namespace chatd
