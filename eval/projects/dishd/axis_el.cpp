// Elevation drive PLC client with the mechanical limits of the mount. Like
// the azimuth drive it refuses commands once its line is closed.
#include "axis.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace {
constexpr double kLowerLimit = 5.0;
constexpr double kUpperLimit = 88.5;
constexpr double kStowElevation = 88.0;
} // namespace

ElevationAxis::ElevationAxis(const std::string &host, std::uint16_t port)
    : line_(host, port) {}

void ElevationAxis::slewTo(double degrees) {
  if (!line_)
    throw std::runtime_error("elevation drive line closed, cannot slew");
  const double target = std::clamp(degrees, kLowerLimit, kUpperLimit);
  char cmd[48];
  std::snprintf(cmd, sizeof cmd, "EL GOTO %.4f", target);
  line_.transmit(cmd);
}

double ElevationAxis::position() {
  if (!line_)
    throw std::runtime_error(
        "elevation drive line closed, cannot read encoder");
  return std::stod(line_.query("EL POS?"));
}

void ElevationAxis::stow() {
  slewTo(kStowElevation);
  line_.transmit("EL STOWPIN IN");
}

void ElevationAxis::close() {
  if (!line_)
    return;
  line_.transmit("EL BRAKE ON");
  line_.close();
}
