// MountDriver: pointing requests become per-axis slews through the AxisDrive
// interface; park() stows and closes every axis, halt() drops every line.
// park() after halt() is fine: it only stows axes that are still engaged and
// every AxisDrive::close() is idempotent; nudge() skips disengaged axes.
#include "mount_driver.h"

#include <stdexcept>
#include <utility>

MountDriver::MountDriver(std::vector<std::unique_ptr<AxisDrive>> axes)
    : axes_(std::move(axes)) {}

AxisDrive &MountDriver::axis(const std::string &axisName) {
  for (auto &a : axes_)
    if (axisName == a->name())
      return *a;
  throw std::invalid_argument("mount has no axis named " + axisName);
}

void MountDriver::point(double azDeg, double elDeg) {
  if (parked_)
    throw std::runtime_error("mount is parked");
  axis("azimuth").slewTo(azDeg); // SAME: mount-point
  axis("elevation").slewTo(elDeg);
}

void MountDriver::nudge(const std::string &axisName, double deltaDeg) {
  AxisDrive &a = axis(axisName);
  if (!a.engaged())
    return;
  a.slewTo(a.position() + deltaDeg); // OK
}

void MountDriver::park() {
  for (auto &a : axes_) {
    if (a->engaged())
      a->stow(); // OK
    a->close(); // OK
  }
  parked_ = true;
}

void MountDriver::halt() {
  for (auto &a : axes_)
    a->close();
  halted_ = true;
}
