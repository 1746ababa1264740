// Live telemetry of lineset positions and fired cues to Kafka, read by the
// fly floor's displays and the show-control archive.
#pragma once
#include "beatkeeper.h"
#include <chrono>
#include <functional>
#include <memory>
#include <messaging.h>
#include <string>
#include <utility>
#include <vector>

namespace cued {

class ShowFeed {
public:
  using Positions = std::vector<std::pair<std::string, double>>;
  using PositionSource = std::function<Positions()>;

  ShowFeed(const std::string &brokers, std::string topic,
           PositionSource source);
  ~ShowFeed();
  ShowFeed(const ShowFeed &) = delete;
  ShowFeed &operator=(const ShowFeed &) = delete;

  /// Publishes positions on `beat` every `period`.
  void attach(Beatkeeper &beat, std::chrono::milliseconds period);
  void detach();

  void publishPositions();
  void publishCue(const std::string &cue);
  void flush();
  /// Closes the producer.
  void stop();
  /// detach(), flush(), stop().
  void shutdown();

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  PositionSource source_;
  Beatkeeper *beat_ = nullptr;
  Beatkeeper::Token token_ = 0;
};

} // namespace cued
