// Notifier: notify() publishes unless the notifier was stopped; stop() flushes
// and closes the shared producer once (the flag makes a second stop() a
// no-op). Quiet lines: notify()'s guarded send and the destructor's stop()
// after an explicit stop(). The producer's other owner, AuditTrail
// (audit.cpp), keeps sending after stop(): bug #audit in server.cpp.
#include "gateway/notifier.h"

#include <utility>

namespace gateway {

Notifier::Notifier(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

Notifier::~Notifier() {
  stop(); // OK: returns early when already stopped
}

void Notifier::notify(const std::string &user, const std::string &text) {
  if (stopped_)
    return;
  producer_->send(kafka::ProducerRecord{topic_, user + ": " + text}); // OK: not stopped
}

void Notifier::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  producer_->flush();
  producer_->close();
}

} // namespace gateway
