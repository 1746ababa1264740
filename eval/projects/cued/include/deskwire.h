// Wire format of the stage manager's tablet ("desk") commands, carried on a
// Kafka topic. The consumer factory and the message decoding live in the
// venue's librdkafka adapter library.
#pragma once
#include <cstdint>
#include <memory>
#include <messaging.h>
#include <string>

namespace cued {

struct DeskCommand {
  std::string target; // "stack" or a callboard component name
  std::string verb;
  double value = 0.0;
  std::string arg;
  std::int64_t offset = -1;
};

namespace deskwire {
std::unique_ptr<RdKafka::KafkaConsumer> makeConsumer(const std::string &brokers,
                                                     const std::string &group);
/// Decodes a message; false for anything that is not a desk command.
bool decode(const RdKafka::Message *msg, DeskCommand &out);
/// Gives a consumed message back to librdkafka.
void release(RdKafka::Message *msg);
} // namespace deskwire

} // namespace cued
