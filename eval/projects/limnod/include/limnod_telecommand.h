// Operator commands arriving on a Kafka topic ("reload thermocline", "maintenance enter").
#pragma once
#include "messaging.h"
#include <memory>
#include <string>

class LimnoSwitchboard;

class LimnoTelecommand {
public:
  LimnoTelecommand(std::unique_ptr<RdKafka::KafkaConsumer> consumer, LimnoSwitchboard &board);
  ~LimnoTelecommand();
  /// Handles at most one command: fires it on the switchboard, then
  /// "telecommand/handled".
  void pollOnce();
  void stop();

private:
  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  LimnoSwitchboard &board_;
  int commitToken_ = 0;
  bool closed_ = false;
  std::size_t handled_ = 0;
};

std::unique_ptr<RdKafka::KafkaConsumer> makeOperatorConsumer(const std::string &brokers);
// From the vendored librdkafka glue.
std::string telecommandPayload(RdKafka::Message *message);
void releaseTelecommand(RdKafka::Message *message);
