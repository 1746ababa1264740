// The daemon's event bus to the lab's Kafka cluster, reached through herald().
#pragma once
#include "messaging.h"
#include <memory>
#include <string>

class LimnoHerald {
public:
  explicit LimnoHerald(std::string brokers);
  /// Throws std::logic_error once close() has run (until reopen()).
  void publish(const std::string &topic, const std::string &payload);
  bool isOpen() const { return open_; }
  /// Flushes and closes the producer. Throws std::logic_error when already closed.
  void close();
  /// A new producer after close(); a no-op while open.
  void reopen();

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool open_ = false;
};

void configureHerald(const std::string &brokers);
LimnoHerald &herald();
