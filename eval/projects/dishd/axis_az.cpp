// Azimuth drive PLC client with cable-wrap bookkeeping. The drive refuses
// commands once its line is closed; close() brakes first and is idempotent.
#include "axis.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace {
constexpr double kStowAzimuth = 180.0;
}

AzimuthAxis::AzimuthAxis(const std::string &host, std::uint16_t port)
    : line_(host, port) {}

void AzimuthAxis::slewTo(double degrees) {
  if (!line_)
    throw std::runtime_error("azimuth drive line closed, cannot slew");
  // Stay inside the +/-270 deg cable wrap: pick the turn nearest the current.
  double target = std::fmod(degrees, 360.0);
  if (target < 0.0)
    target += 360.0;
  double best = target;
  bool found = false;
  for (double candidate : {target, target - 360.0}) {
    if (std::fabs(candidate) > 270.0)
      continue;
    if (!found || std::fabs(candidate - wrap_) < std::fabs(best - wrap_)) {
      best = candidate;
      found = true;
    }
  }
  char cmd[48];
  std::snprintf(cmd, sizeof cmd, "AZ GOTO %.4f", best);
  line_.transmit(cmd);
  wrap_ = best;
}

double AzimuthAxis::position() {
  if (!line_)
    throw std::runtime_error("azimuth drive line closed, cannot read encoder");
  return std::stod(line_.query("AZ POS?"));
}

void AzimuthAxis::stow() {
  slewTo(kStowAzimuth);
  line_.transmit("AZ BRAKE ON");
}

void AzimuthAxis::close() {
  if (!line_)
    return;
  line_.transmit("AZ BRAKE ON");
  line_.close();
}
