// Publishes relay events upstream through its own BrokerProducer. stop()
// flushes and closes the producer; a second stop() does nothing.
#pragma once
#include "relay/broker_producer.h"

#include <string>
#include <vector>

namespace relay {

class Publisher {
public:
  explicit Publisher(const std::string &brokers);
  void publish(const std::string &topic, const std::string &payload);
  void publishBatch(const std::vector<Record> &records);
  void stop();
  bool running() const { return running_; }

private:
  BrokerProducer producer_;
  bool running_ = true;
};

} // namespace relay
