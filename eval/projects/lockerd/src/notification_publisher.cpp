// NotificationPublisher: notifications wait in a bounded outbox until the
// main loop pumps them into the Kafka producer; listeners registered by
// other components see every notification that went out. Closing sends
// what is still queued and closes the producer within the configured time.
#include "notification_publisher.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

NotificationPublisher::NotificationPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                                             std::string topicPrefix, std::size_t outboxCapacity,
                                             std::chrono::milliseconds closeTimeout)
    : producer_(std::move(producer)), topicPrefix_(std::move(topicPrefix)),
      closeTimeout_(closeTimeout), outbox_(outboxCapacity) {
  if (!producer_)
    throw std::invalid_argument("notification publisher needs a producer");
}

NotificationPublisher::~NotificationPublisher() {
  close(); // OK
}

void NotificationPublisher::onPublished(Listener listener) {
  std::lock_guard<std::mutex> lock(mutex_);
  listeners_.push_back(std::move(listener));
}

void NotificationPublisher::publish(Notification n) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw std::runtime_error("notification publisher closed");
  if (!outbox_.push(std::move(n))) // OK
    ++dropped_;
}

bool NotificationPublisher::tryPublish(Notification n) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return false;
  return outbox_.push(std::move(n)); // OK
}

std::size_t NotificationPublisher::pump(std::size_t max) {
  std::vector<Notification> batch;
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return 0;
    batch = outbox_.popBatch(max);
    for (const Notification &n : batch)
      producer_->send(toRecord(n, topicPrefix_)); // OK
    listeners = listeners_;
  }
  for (const Notification &n : batch)
    for (const Listener &listener : listeners)
      listener(n);
  return batch.size();
}

void NotificationPublisher::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return;
  closed_ = true;
  outbox_.close();
  for (const Notification &n : outbox_.drain())
    producer_->send(toRecord(n, topicPrefix_));
  producer_->flush();
  producer_->close(closeTimeout_);
  if (producer_->pendingCount() > 0)
    std::fprintf(stderr, "lockerd: %d notifications were still pending when the producer closed\n",
                 producer_->pendingCount());
}

bool NotificationPublisher::isClosed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

std::shared_ptr<kafka::KafkaProducer> NotificationPublisher::producer() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return producer_;
}

std::size_t NotificationPublisher::dropped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return dropped_;
}
