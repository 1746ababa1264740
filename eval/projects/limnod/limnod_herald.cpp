// LimnoHerald: the daemon's Kafka event bus behind a global accessor. publish()
// refuses to run once close() has run; reopen() builds a new producer.
// Negative: publish() checks open_, which close() clears before closing the
// producer, and reopen() sends only on the producer it has just created.
#include "limnod_herald.h"
#include <stdexcept>

namespace {
std::string &heraldBrokers() {
  static std::string brokers = "localhost:9092";
  return brokers;
}
} // namespace

void configureHerald(const std::string &brokers) { heraldBrokers() = brokers; }

LimnoHerald &herald() {
  static LimnoHerald instance(heraldBrokers());
  return instance;
}

LimnoHerald::LimnoHerald(std::string brokers)
    : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)), open_(true) {}

void LimnoHerald::publish(const std::string &topic, const std::string &payload) {
  if (!open_)
    throw std::logic_error("herald closed, cannot publish to " + topic);
  producer_->send({topic, payload}); // OK: open_ is cleared before close() closes the producer
}

void LimnoHerald::close() {
  if (!open_)
    throw std::logic_error("herald closed twice");
  open_ = false;
  producer_->flush();
  producer_->close();
}

void LimnoHerald::reopen() {
  if (open_)
    return;
  producer_ = kafka::createProducer(brokers_);
  open_ = true;
  producer_->send({"limnod.herald", "reopened"}); // OK: a fresh producer replaced the closed one
}
