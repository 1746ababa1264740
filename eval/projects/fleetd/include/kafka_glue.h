// Accessors for librdkafka messages, implemented in the company's rdkafka
// wrapper library (linked in, not part of this repository).
#pragma once
#include <string>

#include "messaging.h"

namespace kafkaglue {

std::unique_ptr<RdKafka::KafkaConsumer> createConsumer(const std::string &brokers,
                                                       const std::string &group);
std::string payload(const RdKafka::Message &message);
bool isError(const RdKafka::Message &message);
void release(RdKafka::Message *message);

} // namespace kafkaglue
