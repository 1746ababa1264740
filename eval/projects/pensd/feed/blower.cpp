// BlowerController: turns a feed rate into a blower set-point, and idles the
// blower over its PLC session. The session is the barge's blower link, shared
// with FeedBarge and the PowerController (see Farm's constructor).
#include "blower.h"

#include <algorithm>
#include <utility>

BlowerController::BlowerController(std::shared_ptr<PlcLink> link, std::uint16_t max_rpm)
    : link_(std::move(link)), max_rpm_(max_rpm) {}

std::uint16_t BlowerController::rpm_for(double kg_per_min) const {
  if (kg_per_min <= 0.0) return 0;
  const double rpm = 900.0 + kg_per_min * 150.0;  // empirical curve for 90 mm line
  return static_cast<std::uint16_t>(std::min<double>(rpm, max_rpm_));
}

Status BlowerController::idle() {
  return link_->write_register(plc_reg::kBlowerSpeed, 0);  // SAME: idle
}

std::uint16_t BlowerController::max_rpm() const { return max_rpm_; }
