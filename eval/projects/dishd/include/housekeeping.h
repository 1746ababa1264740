// HousekeepingEmitter: publishes housekeeping samples and forwards alarms to
// the observatory's Kafka telemetry topics.
#pragma once
#include "messaging.h"
#include <memory>
#include <string>

class Annunciator;

class HousekeepingEmitter {
public:
  HousekeepingEmitter(const std::string &brokers, std::string topic);
  void attach(Annunciator &board);
  void detach();
  void sample(const std::string &key, double value);
  void flush();
  /// Detaches from the panel and closes the producer.
  void stop();
  void shutdown();

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  Annunciator *board_ = nullptr;
  int watchId_ = 0;
};
