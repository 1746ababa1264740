// GroomingFleet: snowcats on the grooming talk group. Position sweeps are
// jobs on the crew pool that hold the radio; endShift() queues a last sweep
// and closes the radio without waiting for those jobs. The dispatch relay
// handler keeps transmitting on the radio it captured.
#include "grooming_fleet.h"

#include <utility>

namespace liftops {

GroomingFleet::GroomingFleet(std::shared_ptr<RadioChannel> radio,
                             std::shared_ptr<CrewPool> pool,
                             std::shared_ptr<DispatchChannel> dispatch)
    : radio_(std::move(radio)), pool_(std::move(pool)), dispatch_(std::move(dispatch)) {}

GroomingFleet::~GroomingFleet() {
  if (relayToken_ != 0)
    dispatch_->removeHandler(relayToken_); // OK: removing a handler is allowed after close
  if (radio_->isOpen())
    radio_->close(); // OK: endShift() may have closed it; checked
}

void GroomingFleet::addGroomer(const std::string &unit) { units_.push_back(unit); }

void GroomingFleet::relayIncidents() {
  relayToken_ = dispatch_->onIncident([radio = radio_](const Incident &incident) {
    if (incident.severity < 2)
      return;
    radio->transmit("all cats", "patrol: " + incident.text); // SAME: relay-radio
  });
}

void GroomingFleet::startPositionSweep() {
  for (const std::string &unit : units_) {
    pool_->submit([radio = radio_, unit] {
      radio->transmit(unit, "report position and blade state"); // BUG: use-after-close #sweep-race
    });
  }
}

void GroomingFleet::recallAll() {
  if (!radio_->isOpen())
    return;
  for (const std::string &unit : units_)
    radio_->transmit(unit, "return to shop"); // OK: returns above when the radio is closed
}

void GroomingFleet::endShift() {
  startPositionSweep();
  recallAll();
  radio_->close(); // SAME: sweep-race
}

} // namespace liftops
