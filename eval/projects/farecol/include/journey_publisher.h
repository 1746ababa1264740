// Publishes journeys, settlement events and control records to the message bus through a
// Kafka producer shared with other components. Listeners registered by other components
// are told about every published journey and about the publisher being closed.
// PublisherSlot holds the current publisher; a configuration reload swaps it.
#pragma once
#include "fare_engine.h"
#include "messaging.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace farecol {

struct SettlementEvent {
  std::string operatorId;
  std::string serviceDay;
  std::int64_t grossCents = 0;
  std::uint64_t journeys = 0;
  std::string fileName;
};

class JourneyPublisher {
public:
  using PublishedListener = std::function<void(const Journey &)>;
  using ClosedListener = std::function<void()>;

  JourneyPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topicPrefix);
  ~JourneyPublisher();
  JourneyPublisher(const JourneyPublisher &) = delete;
  JourneyPublisher &operator=(const JourneyPublisher &) = delete;

  // All of these throw std::runtime_error once the publisher is closed.
  void publishJourney(const Journey &journey);
  void publishSettlement(const SettlementEvent &event);
  void publishControl(const std::string &topicSuffix, const std::string &payload);
  void flush();

  void onPublished(PublishedListener listener);
  void onClosed(ClosedListener listener);

  // Flushes and closes the producer, then runs the close listeners. Idempotent.
  void close();
  bool isClosed() const;

  const std::string &topicPrefix() const { return topicPrefix_; }
  std::shared_ptr<kafka::KafkaProducer> producer() const { return producer_; }
  std::weak_ptr<kafka::KafkaProducer> watchProducer() const { return producer_; }

private:
  void ensureOpen(const char *op) const;

  const std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::string topicPrefix_;
  mutable std::mutex mutex_;
  std::vector<PublishedListener> published_;
  std::vector<ClosedListener> closedListeners_;
  bool closed_ = false;
};

class PublisherSlot {
public:
  std::shared_ptr<JourneyPublisher> get() const;
  std::shared_ptr<JourneyPublisher> exchange(std::shared_ptr<JourneyPublisher> next);

private:
  mutable std::mutex mutex_;
  std::shared_ptr<JourneyPublisher> current_;
};

} // namespace farecol
