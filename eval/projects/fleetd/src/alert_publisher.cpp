// AlertPublisher: serialises alerts as JSON and sends them to the alert
// topic. All producer calls happen under the publisher's mutex, the same one
// close() takes, so a publish racing a close either completes first or sees
// the publisher closed.
#include "alert_publisher.h"

#include <chrono>
#include <stdexcept>
#include <utility>

#include "diagnostics.h"

namespace fleetd {

namespace {

std::string jsonEscape(const std::string &s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) < 0x20)
      continue;
    out += c;
  }
  return out;
}

} // namespace

std::string encodeAlert(const Alert &a) {
  return "{\"kind\":\"" + jsonEscape(a.kind) + "\",\"vin\":\"" + jsonEscape(a.vin) +
         "\",\"ts\":" + std::to_string(a.timestampMs) + ",\"severity\":" +
         std::to_string(a.severity) + ",\"detail\":\"" + jsonEscape(a.detail) + "\"}";
}

AlertPublisher::AlertPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                               Diagnostics &diag)
    : producer_(std::move(producer)), topic_(std::move(topic)), diag_(diag) {}

AlertPublisher::~AlertPublisher() {
  close(); // OK
}

void AlertPublisher::publish(const Alert &alert) {
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("alert publisher closed");
    producer_->send(kafka::ProducerRecord{topic_, encodeAlert(alert)}); // OK
    listeners = listeners_;
  }
  for (const Listener &l : listeners)
    l(alert);
}

bool AlertPublisher::tryPublish(const Alert &alert) {
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    producer_->send(kafka::ProducerRecord{topic_, encodeAlert(alert)}); // OK
    listeners = listeners_;
  }
  for (const Listener &l : listeners)
    l(alert);
  return true;
}

bool AlertPublisher::heartbeat(const std::string &source) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return false;
  producer_->send(kafka::ProducerRecord{topic_ + ".heartbeat", source + " " + std::to_string(nowMs())}); // OK
  return true;
}

void AlertPublisher::onPublished(Listener listener) {
  std::lock_guard<std::mutex> lock(mu_);
  listeners_.push_back(std::move(listener));
}

void AlertPublisher::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (producer_->pendingCount() > 0)
    producer_->flush();
  producer_->close(std::chrono::milliseconds(5000)); // OK
  diag_.printf("alert publisher for %s closed", topic_.c_str());
}

bool AlertPublisher::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

} // namespace fleetd
