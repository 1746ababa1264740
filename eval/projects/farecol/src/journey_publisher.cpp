// Bus publishing of journeys, settlement events and control records.
#include "journey_publisher.h"

#include <stdexcept>
#include <utility>

namespace farecol {

JourneyPublisher::JourneyPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topicPrefix)
    : producer_(std::move(producer)), topicPrefix_(std::move(topicPrefix)) {
  if (!producer_)
    throw std::invalid_argument("journey publisher needs a producer");
}

JourneyPublisher::~JourneyPublisher() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!closed_)
    producer_->close(); // OK
}

void JourneyPublisher::ensureOpen(const char *op) const {
  if (closed_)
    throw std::runtime_error(std::string("journey publisher closed: ") + op);
}

void JourneyPublisher::publishJourney(const Journey &journey) {
  std::vector<PublishedListener> listeners;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ensureOpen("publishJourney");
    producer_->send(kafka::ProducerRecord{topicPrefix_ + ".journeys", toJson(journey)}); // OK
    listeners = published_;
  }
  for (const PublishedListener &listener : listeners)
    listener(journey);
}

void JourneyPublisher::publishSettlement(const SettlementEvent &event) {
  const std::string payload = "{\"operator\":\"" + event.operatorId + "\",\"day\":\"" + event.serviceDay +
                              "\",\"gross\":" + std::to_string(event.grossCents) +
                              ",\"journeys\":" + std::to_string(event.journeys) + ",\"file\":\"" + event.fileName +
                              "\"}";
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpen("publishSettlement");
  producer_->send(kafka::ProducerRecord{topicPrefix_ + ".settlement", payload}); // OK
}

void JourneyPublisher::publishControl(const std::string &topicSuffix, const std::string &payload) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpen("publishControl");
  producer_->send(kafka::ProducerRecord{topicPrefix_ + "." + topicSuffix, payload});
}

void JourneyPublisher::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpen("flush");
  producer_->flush(); // OK
}

void JourneyPublisher::onPublished(PublishedListener listener) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!closed_)
    published_.push_back(std::move(listener));
}

void JourneyPublisher::onClosed(ClosedListener listener) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!closed_)
    closedListeners_.push_back(std::move(listener));
}

void JourneyPublisher::close() {
  std::vector<ClosedListener> listeners;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      return;
    closed_ = true;
    producer_->flush();
    producer_->close();
    listeners.swap(closedListeners_);
    published_.clear();
  }
  for (const ClosedListener &listener : listeners)
    listener();
}

bool JourneyPublisher::isClosed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

std::shared_ptr<JourneyPublisher> PublisherSlot::get() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return current_;
}

std::shared_ptr<JourneyPublisher> PublisherSlot::exchange(std::shared_ptr<JourneyPublisher> next) {
  std::lock_guard<std::mutex> lock(mutex_);
  current_.swap(next);
  return next;
}

} // namespace farecol
