// AirplayExporter: publishes every aired item to the "airplay.played" topic
// for music reporting (royalties, charts).
#pragma once
#include "asrun.h"
#include "lifecycle.h"
#include "messaging.h"
#include <memory>
#include <string>

class AirplayExporter : public Stoppable {
public:
  explicit AirplayExporter(const std::string &brokers);
  void record(const AsrunEntry &entry);
  void flush();
  void stop() override;
  bool running() const override { return !stopped_; }
  void shutdown();

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool stopped_ = false;
};
