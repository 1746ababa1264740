// A telemetry client recreates its producer after a fatal error: it closes
// the old one and assigns a new one from std::make_unique or from the
// library's factory before sending (correct). Swapping in a new producer only
// when the brokers changed leaves the closed one in place otherwise (bug).
#include "messaging.h"

#include <memory>
#include <string>

class TelemetryClient {
public:
  explicit TelemetryClient(std::string brokers)
      : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}

  void onFatalError() {
    producer_->close();
    producer_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    producer_->send({"telemetry", "producer recreated"}); // OK
  }

  void onRebalance() {
    producer_->close();
    producer_ = kafka::createProducer(brokers_);
    producer_->flush(); // OK
  }

  void onConfigChange(const std::string &brokers) {
    producer_->close();
    if (brokers != brokers_) {
      brokers_ = brokers;
      producer_.reset(new kafka::KafkaProducer(brokers_));
    }
    producer_->send({"telemetry", "config applied"}); // BUG: use-after-close
  }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
};
