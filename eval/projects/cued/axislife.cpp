// Building drives from the plot and taking them out of service. Negative:
// retireAxis() is a no-op on a drive that is already released and never
// touches the drive after releasing it; cutDrives() sends its quick-stop
// before it shuts the bus it was given.
#include "axislife.h"
#include "servoaxis.h"
#include "simaxis.h"
#include "vfdaxis.h"

#include <cstdio>
#include <stdexcept>

namespace cued {

namespace {
constexpr std::uint8_t kOpQuickStop = 0x3F;
}

std::shared_ptr<AxisDrive> makeAxis(const LineSpec &spec,
                                    const std::shared_ptr<DriveBus> &bus) {
  if (spec.kind == "servo")
    return std::make_shared<ServoAxis>(spec, bus);
  if (spec.kind == "vfd")
    return std::make_shared<VfdAxis>(spec);
  if (spec.kind == "sim")
    return std::make_shared<SimAxis>(spec);
  throw std::invalid_argument(spec.name + ": unknown drive kind " + spec.kind);
}

void retireAxis(AxisDrive &axis) noexcept {
  if (axis.released())
    return;
  try {
    axis.park(); // OK: released drives returned above
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s: park before retiring failed: %s\n",
                 axis.name().c_str(), e.what());
  }
  try {
    axis.release();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s: release failed: %s\n", axis.name().c_str(),
                 e.what());
  }
}

void cutDrives(DriveBus &bus) {
  bus.broadcast({kOpQuickStop});
  bus.shutdown();
}

} // namespace cued
