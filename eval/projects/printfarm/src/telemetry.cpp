// TelemetryPublisher: Kafka publishing; publish() throws once closed, close() is idempotent.
#include "printfarm/telemetry.h"

#include <stdexcept>
#include <utility>

namespace printfarm {

TelemetryPublisher::TelemetryPublisher(std::string brokers, std::string topicPrefix)
    : brokers_(std::move(brokers)), prefix_(std::move(topicPrefix)),
      producer_(kafka::createProducer(brokers_)) {}

TelemetryPublisher::~TelemetryPublisher() {
  close(); // OK: close() returns at once when the publisher was already closed
}

void TelemetryPublisher::publish(const std::string &printer, const std::string &kind,
                                 const std::string &json) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("telemetry publisher closed");
  producer_->send({prefix_ + "." + kind, "{\"printer\":\"" + printer + "\",\"data\":" + json + "}"}); // OK: closed_ checked under mu_, which close() holds
}

void TelemetryPublisher::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  producer_->flush(); // OK: returns early once closed
}

void TelemetryPublisher::reconnect(const std::string &brokers) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  producer_->flush();
  producer_->close();
  brokers_ = brokers;
  producer_ = kafka::createProducer(brokers_);
  producer_->send({prefix_ + ".meta", "{\"event\":\"reconnected\",\"brokers\":\"" + brokers_ + "\"}"}); // OK: a new producer replaced the closed one
}

void TelemetryPublisher::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  producer_->flush();
  producer_->close();
}

bool TelemetryPublisher::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

} // namespace printfarm
