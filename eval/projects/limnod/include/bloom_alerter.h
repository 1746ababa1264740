// Publishes algal-bloom alerts and an hourly chlorophyll digest to Kafka.
#pragma once
#include "limno_component.h"
#include "messaging.h"
#include <atomic>
#include <memory>
#include <vector>

class BloomAlerter : public LimnoComponent {
public:
  explicit BloomAlerter(LimnoContext &ctx);
  ~BloomAlerter() override;
  const char *kind() const override { return "bloom"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void sendDigest();
  LimnoContext &ctx_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::atomic<bool> open_{false};
  int digestTimer_ = 0;
  int chlToken_ = 0;
  std::vector<double> chlorophyll_;
};
