// Enforcement: the notifier's handlers and the forwarder that sends
// violations to the enforcement agency's own Kafka cluster. The forwarder's
// worker checks stopping_ and sends while holding mu_; stop() sets stopping_
// and closes the producer while holding mu_ too, so no send can follow the
// close.
#include "enforcement.h"

#include <utility>

namespace toll {

void EnforcementNotifier::subscribe(ViolationHandler handler) {
  std::lock_guard<std::mutex> lock(mu_);
  handlers_.push_back(std::move(handler));
}

void EnforcementNotifier::clear() {
  std::lock_guard<std::mutex> lock(mu_);
  handlers_.clear();
}

void EnforcementNotifier::notify(const Violation &v) {
  std::vector<ViolationHandler> handlers;
  {
    std::lock_guard<std::mutex> lock(mu_);
    handlers = handlers_;
  }
  for (const ViolationHandler &handler : handlers)
    handler(v);
}

ViolationForwarder::ViolationForwarder(const std::string &brokers, std::string topic)
    : topic_(std::move(topic)), producer_(kafka::createProducer(brokers)) {}

ViolationForwarder::~ViolationForwarder() { stop(); } // OK: stop() returns at once once stopping_ is set

void ViolationForwarder::start() { worker_ = std::thread([this] { run(); }); }

void ViolationForwarder::forward(const Violation &v) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_)
    return;
  pending_.push_back(v);
  wake_.notify_one();
}

void ViolationForwarder::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (stopping_)
      return;
    Violation v = std::move(pending_.front());
    pending_.pop_front();
    producer_->send(toRecord(v)); // OK: sent under mu_ after checking stopping_; stop() closes under the same mutex
  }
}

void ViolationForwarder::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
    for (const Violation &v : pending_)
      producer_->send(toRecord(v));
    pending_.clear();
    producer_->flush();
    producer_->close(); // OK: the worker checks stopping_ under mu_ before every send
  }
  wake_.notify_all();
  if (worker_.joinable())
    worker_.join();
}

kafka::ProducerRecord ViolationForwarder::toRecord(const Violation &v) const {
  return kafka::ProducerRecord{topic_, encodeViolation(v)};
}

} // namespace toll
