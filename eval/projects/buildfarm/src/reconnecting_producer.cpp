#include "buildfarm/reconnecting_producer.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace buildfarm {

ReconnectingProducer::ReconnectingProducer(std::string brokers)
    : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}

ReconnectingProducer::~ReconnectingProducer() {
  close(); // OK: idempotent, the shutdown hook normally closed it already
}

void ReconnectingProducer::send(const kafka::ProducerRecord &record) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw std::runtime_error("producer closed");
  if (!producer_ || producer_->isClosed()) {
    producer_ = kafka::createProducer(brokers_);
    ++reconnects_;
  }
  producer_->send(record); // OK: replaced just above if it had been closed
}

std::shared_ptr<kafka::KafkaProducer> ReconnectingProducer::current() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return producer_;
}

void ReconnectingProducer::reconnect() {
  std::shared_ptr<kafka::KafkaProducer> old;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    old = std::move(producer_);
    producer_ = kafka::createProducer(brokers_);
    ++reconnects_;
  }
  if (old) {
    old->flush(); // OK: flushed before it is closed below
    old->close(); // SAME: metrics_producer
  }
  std::fprintf(stderr, "kafka: producer for %s recreated\n", brokers_.c_str());
}

bool ReconnectingProducer::available() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !closed_ && producer_ && !producer_->isClosed();
}

void ReconnectingProducer::close() {
  std::shared_ptr<kafka::KafkaProducer> producer;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    closed_ = true;
    producer = std::move(producer_);
  }
  if (producer)
    producer->close(std::chrono::milliseconds(5000));
}

} // namespace buildfarm
