// Notifier: publishes user notifications through a Kafka producer it shares
// with the audit trail (notifier.cpp). stop() flushes and closes the producer.
// No markers here.
#pragma once
#include "messaging.h"

#include <memory>
#include <string>

namespace gateway {

class Notifier {
public:
  Notifier(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~Notifier();
  Notifier(const Notifier &) = delete;
  Notifier &operator=(const Notifier &) = delete;

  void notify(const std::string &user, const std::string &text);
  void stop();
  bool stopped() const { return stopped_; }
  const std::shared_ptr<kafka::KafkaProducer> &producer() const { return producer_; }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  bool stopped_ = false;
};

} // namespace gateway
