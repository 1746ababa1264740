// ProgressPublisher: see progress_publisher.h.
#include "backupd/progress_publisher.h"

#include <chrono>
#include <stdexcept>

namespace backupd {

ProgressPublisher::ProgressPublisher(std::unique_ptr<kafka::KafkaProducer> producer,
                                     std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

ProgressPublisher::~ProgressPublisher() {
  stop(); // OK: stop() is idempotent (stopped_.exchange), whoever ran first did the work
}

void ProgressPublisher::start() {
  sender_ = std::thread([this] { loop(); });
}

void ProgressPublisher::publish(ProgressEvent event) {
  if (stopped_.load())
    throw std::runtime_error("progress publisher stopped");
  queue_.push(std::move(event));
}

void ProgressPublisher::loop() {
  while (auto event = queue_.pop()) { // OK: pop() returns the queued events, then nullopt once closed
    kafka::ProducerRecord record{topic_, event->toJson()};
    producer_->send(record); // BUG: use-after-close #abort_close
  }
}

void ProgressPublisher::stop() {
  if (stopped_.exchange(true))
    return;
  queue_.close();
  if (sender_.joinable())
    sender_.join();
  producer_->flush(); // OK: the sender thread was joined above, nothing else uses the producer
  producer_->close();
}

void ProgressPublisher::abort() {
  if (stopped_.exchange(true))
    return;
  producer_->close(std::chrono::milliseconds(0)); // SAME: abort_close
  queue_.close();
  if (sender_.joinable())
    sender_.join();
}

} // namespace backupd
