// MountDriver: owns the axis drives of the mount and turns pointing requests
// into per-axis slews.
#pragma once
#include "axis.h"
#include <memory>
#include <string>
#include <vector>

class MountDriver {
public:
  explicit MountDriver(std::vector<std::unique_ptr<AxisDrive>> axes);
  /// Slews azimuth and elevation; throws once the mount is parked.
  void point(double azDeg, double elDeg);
  /// Small relative move of one axis; ignored for a disengaged axis.
  void nudge(const std::string &axisName, double deltaDeg);
  /// Stows every engaged axis, then closes every drive line.
  void park();
  /// Emergency stop: drops every drive line at once.
  void halt();
  bool parked() const { return parked_; }
  bool halted() const { return halted_; }
  std::vector<std::unique_ptr<AxisDrive>> &axes() { return axes_; }

private:
  AxisDrive &axis(const std::string &axisName);
  std::vector<std::unique_ptr<AxisDrive>> axes_;
  bool parked_ = false;
  bool halted_ = false;
};
