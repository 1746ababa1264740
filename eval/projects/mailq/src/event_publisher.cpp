// EventPublisher: Kafka publishing from a sender thread (see event_publisher.h).
#include "mailq/event_publisher.h"

#include <chrono>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

#include "mailq/log.h"

namespace mailq {

EventPublisher::EventPublisher(const std::string &brokers)
    : producer_(kafka::createProducer(brokers)), brokers_(brokers) {}

EventPublisher::~EventPublisher() {
  close();
}

void EventPublisher::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || sender_.joinable())
    return;
  sender_ = std::thread([this] { senderLoop(); });
}

std::shared_ptr<kafka::KafkaProducer> EventPublisher::producer() const {
  std::lock_guard<std::mutex> lk(mu_);
  return producer_;
}

void EventPublisher::publish(const std::string &topic, const std::string &value) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("event publisher closed");
  backlog_.push(kafka::ProducerRecord{topic, value}); // OK: closed_ checked under mu_, close() closes backlog_ under mu_
}

void EventPublisher::senderLoop() {
  while (std::optional<kafka::ProducerRecord> rec = backlog_.pop()) {
    std::shared_ptr<kafka::KafkaProducer> p = producer();
    try {
      p->send(*rec); // BUG: use-after-close #publisher_reconnect
    } catch (const std::exception &e) {
      logError("events: dropped " + rec->Topic + " record: " + e.what());
    }
  }
}

void EventPublisher::reconnect(const std::string &brokers) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_ || brokers == brokers_)
      return;
  }
  std::shared_ptr<kafka::KafkaProducer> fresh = kafka::createProducer(brokers);
  std::shared_ptr<kafka::KafkaProducer> old;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) {
      fresh->close();
      return;
    }
    old = std::exchange(producer_, fresh);
    brokers_ = brokers;
  }
  logInfo("events: switched to brokers " + brokers);
  old->flush();
  old->close(std::chrono::milliseconds(5000)); // SAME: publisher_reconnect
}

void EventPublisher::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    backlog_.close();
  }
  if (sender_.joinable())
    sender_.join();
  std::shared_ptr<kafka::KafkaProducer> p = producer();
  p->flush();
  p->close(std::chrono::milliseconds(5000)); // OK: the sender thread was joined above, nothing else sends
}

bool EventPublisher::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace mailq
