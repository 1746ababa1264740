// AvalancheTelemetry: avalanche-control shots go through a pending queue to
// the telemetry topic on the resort's Kafka cluster. finishMission() closes
// the queue, drains it and closes the producer.
#pragma once
#include <memory>
#include <string>

#include "bounded_queue.h"
#include "messaging.h"

namespace liftops {

struct Detonation {
  std::string route;
  std::string chargeId;
  double kg = 0;
  long epochSec = 0;
};

class AvalancheTelemetry {
public:
  explicit AvalancheTelemetry(std::unique_ptr<kafka::KafkaProducer> producer);
  ~AvalancheTelemetry();

  void recordDetonation(const Detonation &shot);
  void recordSummary(const std::string &text);
  void drainPending();
  void finishMission();
  bool missionOpen() const { return !finished_; }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  BoundedQueue<Detonation> pending_;
  bool finished_ = false;
};

std::string encodeShot(const Detonation &shot);

} // namespace liftops
