// AvalancheTelemetry: shots wait in a bounded queue and are sent to the
// "avalanche.shots" topic. finishMission() runs once (finished_ is set on
// entry), closes the queue, drains it while the producer is still open, then
// closes the producer; the destructor's finishMission() is then a no-op.
#include "avalanche_telemetry.h"

#include <utility>

namespace liftops {

std::string encodeShot(const Detonation &shot) {
  return shot.route + "," + shot.chargeId + "," + std::to_string(shot.kg) + "," +
         std::to_string(shot.epochSec);
}

AvalancheTelemetry::AvalancheTelemetry(std::unique_ptr<kafka::KafkaProducer> producer)
    : producer_(std::move(producer)), pending_(64) {}

AvalancheTelemetry::~AvalancheTelemetry() {
  finishMission(); // OK: returns at once when the mission was already finished
}

void AvalancheTelemetry::recordDetonation(const Detonation &shot) {
  pending_.push(shot); // SAME: late-shot
  if (pending_.size() >= 16)
    drainPending();
}

void AvalancheTelemetry::recordSummary(const std::string &text) {
  producer_->send({"avalanche.summary", text}); // SAME: telemetry-summary
}

void AvalancheTelemetry::drainPending() {
  if (finished_)
    return;
  while (auto shot = pending_.tryPop())
    producer_->send({"avalanche.shots", encodeShot(*shot)}); // OK: finished_ checked; the producer closes only in finishMission()
}

void AvalancheTelemetry::finishMission() {
  if (finished_)
    return;
  finished_ = true;
  pending_.close();
  while (auto shot = pending_.tryPop())
    producer_->send({"avalanche.shots", encodeShot(*shot)}); // OK: the producer is closed below, after the drain
  producer_->flush();
  producer_->close();
}

} // namespace liftops
