// The maintenance window between a matinee and the evening show: the VFD
// firmware is noted, drives that kept faulting are taken out of service, the
// servo encoders are zeroed, the bus goes up to its show baud rate, and
// everything still in service parks.
#include "maintenance.h"
#include "axislife.h"
#include "homing.h"
#include "preshow.h"
#include "promptbook.h"
#include "stagehouse.h"

namespace cued {

namespace {
constexpr int kFaultLimit = 3;
constexpr int kShowBaud = 230400;
} // namespace

void retireFaultyDrives(Flyrail &rail, int faultLimit) {
  for (auto &axis : rail.axes()) {
    if (axis->faults() > faultLimit) {
      promptBook().record("maint", axis->name() + " retired after " +
                                       std::to_string(axis->faults()) + " faults");
      retireAxis(*axis);
    }
    axis->park(); // BUG: use-after-close
  }
}

void parkServiceable(Flyrail &rail) {
  for (auto &axis : rail.axes()) {
    if (axis->released())
      continue;
    axis->park(); // OK: retired drives are skipped
  }
}

void Stagehouse::maintenanceWindow() {
  promptBook().record("maint", "window open");
  goLine_->stop();
  hands_.cancelPending();
  hands_.drain();

  logVfdFirmware(plot_);
  retireFaultyDrives(*flyrail_, kFaultLimit);

  std::vector<int> servos;
  for (const LineSpec &spec : plot_.lines())
    if (spec.kind == "servo")
      servos.push_back(spec.busAddress);
  recalibrateBus(bus_, servos, hands_);
  changeBusBaud(bus_, servos, kShowBaud, hands_);

  parkServiceable(*flyrail_);
  goLine_->start();
  promptBook().record("maint", "window closed");
}

} // namespace cued
