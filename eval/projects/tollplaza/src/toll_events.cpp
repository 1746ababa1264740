// EventPublisher: passages and violations to Kafka. All publishing happens
// on the plaza's control thread, which is also the only thread that closes
// or replaces the producer. A send that fails is handed to the RetryTimer.
// Correct: the isClosed() check and the send run on that same thread. The
// HealthProbe is defined here too.
#include "toll_events.h"

#include <stdexcept>
#include <utility>

namespace toll {

EventPublisher::EventPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic, RetryTimer &retry)
    : producer_(std::move(producer)), topic_(std::move(topic)), retry_(retry) {}

void EventPublisher::publish(const Passage &p, std::int64_t cents) {
  sendOrRetry(kafka::ProducerRecord{topic_, encodePassage(p, cents)});
}

void EventPublisher::publishViolation(const Violation &v) {
  sendOrRetry(kafka::ProducerRecord{topic_ + ".violations", encodeViolation(v)});
}

void EventPublisher::sendOrRetry(kafka::ProducerRecord rec) {
  if (producer_->isClosed())
    return; // shutting down: the journal still has every passage
  try {
    producer_->send(rec); // OK: checked isClosed() just above, on the only thread that closes the producer
  } catch (const std::runtime_error &) {
    retry_.enqueue(std::move(rec));
  }
}

// HealthProbe: pings the health topic through the passage producer, which it
// only observes (weak_ptr); the control loop calls probeOnce() every few
// seconds and reportFinal() once at shutdown. probeOnce() reports a closed
// producer as down instead of pinging it.
HealthProbe::HealthProbe(std::string topic) : topic_(std::move(topic)) {}

void HealthProbe::watch(std::weak_ptr<kafka::KafkaProducer> producer) { producer_ = std::move(producer); }

Health HealthProbe::probeOnce() {
  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer)
    return Health::Down;
  if (producer->isClosed())
    return Health::Down;
  producer->send(kafka::ProducerRecord{topic_, "ping " + std::to_string(++seq_)}); // OK: a closed producer is reported Down, not pinged
  return producer->pendingCount() > kBacklogLimit ? Health::Degraded : Health::Up;
}

void HealthProbe::reportFinal(const std::string &why) {
  if (std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock())
    producer->send(kafka::ProducerRecord{topic_, "final: " + why}); // SAME: finalprobe
}

const char *toString(Health h) {
  switch (h) {
  case Health::Up:
    return "up";
  case Health::Degraded:
    return "degraded";
  case Health::Down:
    return "down";
  }
  return "?";
}

} // namespace toll
