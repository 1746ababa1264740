// The rehearsal simulator for a lineset: position integrates toward the
// target at the commanded speed. Negative: every operation takes the lock and
// refuses work once released; rehearsalReset() clears the released flag
// before it flies the axis back to its park trim.
#include "simaxis.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace cued {

SimAxis::SimAxis(LineSpec spec)
    : spec_(std::move(spec)), position_(spec_.parkTrim),
      target_(spec_.parkTrim) {}

void SimAxis::advanceLocked() const {
  const auto now = Clock::now();
  const double dt = std::chrono::duration<double>(now - lastTick_).count();
  lastTick_ = now;
  const double step = speed_ * dt;
  if (std::fabs(target_ - position_) <= step)
    position_ = target_;
  else
    position_ += target_ > position_ ? step : -step;
}

void SimAxis::moveTo(double metres, double speed) {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_)
    throw std::runtime_error(spec_.name + ": simulated drive released");
  advanceLocked();
  target_ = metres;
  speed_ = std::min(speed, spec_.maxSpeed);
}

double SimAxis::position() const {
  std::lock_guard<std::mutex> lk(mu_);
  advanceLocked();
  return position_;
}

bool SimAxis::moving() {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_)
    return false;
  advanceLocked();
  return position_ != target_;
}

void SimAxis::park() { moveTo(spec_.parkTrim, spec_.maxSpeed); }

void SimAxis::release() {
  std::lock_guard<std::mutex> lk(mu_);
  advanceLocked();
  target_ = position_; // brakes hold where it is
  released_ = true;
}

bool SimAxis::released() const {
  std::lock_guard<std::mutex> lk(mu_);
  return released_;
}

void SimAxis::rehearsalReset() {
  release();
  {
    std::lock_guard<std::mutex> lk(mu_);
    released_ = false;
  }
  moveTo(spec_.parkTrim, spec_.maxSpeed); // OK: re-energised in the block above
}

} // namespace cued
