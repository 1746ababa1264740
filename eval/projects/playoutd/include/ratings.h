// RatingsIntake: consumes minute-by-minute listener ratings from Kafka on a
// poller thread and hands each message to a callback (which owns it).
#pragma once
#include "lifecycle.h"
#include "messaging.h"
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

/// Provided by the Kafka glue library (wraps RdKafka::KafkaConsumer::create).
std::unique_ptr<RdKafka::KafkaConsumer>
openRatingsConsumer(const std::string &brokers, std::string &error);
/// Provided by the Kafka glue library: stores one rating and frees the message.
void storeRating(RdKafka::Message *msg);

class RatingsIntake : public Stoppable {
public:
  explicit RatingsIntake(std::unique_ptr<RdKafka::KafkaConsumer> consumer);
  ~RatingsIntake() override;
  void start(std::function<void(RdKafka::Message *)> onRating);
  void stop() override;
  bool running() const override;

private:
  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::thread poller_;
  std::atomic<bool> stopping_{false};
  bool closed_ = false;
};
