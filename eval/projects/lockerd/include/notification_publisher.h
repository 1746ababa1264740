// Publishes notifications to the message bus. publish() queues into a
// bounded outbox, pump() hands queued notifications to the producer and
// then tells the registered listeners. publish() throws once closed.
#pragma once
#include "bounded_queue.h"
#include "messaging.h"
#include "notification.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class NotificationPublisher {
public:
  using Listener = std::function<void(const Notification &)>;

  NotificationPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topicPrefix,
                        std::size_t outboxCapacity, std::chrono::milliseconds closeTimeout);
  ~NotificationPublisher();
  NotificationPublisher(const NotificationPublisher &) = delete;
  NotificationPublisher &operator=(const NotificationPublisher &) = delete;

  void onPublished(Listener listener);
  void publish(Notification n);
  bool tryPublish(Notification n);
  std::size_t pump(std::size_t max);
  // Idempotent.
  void close();

  bool isClosed() const;
  std::shared_ptr<kafka::KafkaProducer> producer() const;
  const std::string &topicPrefix() const { return topicPrefix_; }
  std::size_t dropped() const;

private:
  mutable std::mutex mutex_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topicPrefix_;
  const std::chrono::milliseconds closeTimeout_;
  BoundedQueue<Notification> outbox_;
  std::vector<Listener> listeners_;
  std::size_t dropped_ = 0;
  bool closed_ = false;
};
