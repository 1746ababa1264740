// BillingPublisher: serialises billing events onto the billing topic. The
// closed flag is checked under the same mutex close() takes.
#include "billing_publisher.h"

#include <chrono>
#include <stdexcept>
#include <utility>

#include "clock.h"
#include "frame_codec.h"

BillingPublisher::BillingPublisher(std::shared_ptr<kafka::KafkaProducer> producer,
                                   std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

BillingPublisher::~BillingPublisher() { close(); } // OK

void BillingPublisher::publish(const BillingEvent &ev) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("billing publisher for " + topic_ + " is closed");
  producer_->send({topic_, frames::encodeBillingEvent(ev)}); // OK
  ++published_;
}

bool BillingPublisher::tryPublish(const BillingEvent &ev) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return false;
  producer_->send({topic_, frames::encodeBillingEvent(ev)}); // OK
  ++published_;
  return true;
}

void BillingPublisher::heartbeat() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("billing publisher for " + topic_ + " is closed");
  producer_->send({topic_ + ".heartbeat", std::to_string(nowSeconds())}); // OK
}

void BillingPublisher::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (!producer_)
    return;
  producer_->flush();
  producer_->close(std::chrono::milliseconds(5000));
}

std::uint64_t BillingPublisher::published() const {
  std::lock_guard<std::mutex> lock(mu_);
  return published_;
}
