// The revolve (turntable) component, driving one axis it shares with the fly
// rail. Distances are metres of travel at the rim.
#include "revolve.h"

#include <stdexcept>

namespace cued {

namespace {
constexpr double kRimCircumference = 31.4; // 10 m diameter revolve
}

Revolve::Revolve(std::shared_ptr<AxisDrive> axis, double homeMetres)
    : axis_(std::move(axis)), homeMetres_(homeMetres) {}

void Revolve::requireLiveLocked(const std::string &verb) const {
  if (state_ != State::Live)
    throw std::runtime_error("revolve stopped, cannot " + verb);
}

void Revolve::start() {
  std::lock_guard<std::mutex> lk(mu_);
  state_ = State::Live;
}

void Revolve::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Live)
    return;
  state_ = State::Stopped;
  if (!axis_->released())
    axis_->park(); // OK: an emergency stop may already have released the drive
}

bool Revolve::running() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == State::Live;
}

void Revolve::command(const std::string &verb, double value) {
  std::lock_guard<std::mutex> lk(mu_);
  requireLiveLocked(verb);
  if (verb == "turn") {
    const double travel = value / 360.0 * kRimCircumference;
    axis_->moveTo(axis_->position() + travel, rimSpeed_);
  } else if (verb == "speed") {
    rimSpeed_ = value;
  } else {
    throw std::invalid_argument("revolve: unknown verb " + verb);
  }
}

void Revolve::home() {
  std::lock_guard<std::mutex> lk(mu_);
  requireLiveLocked("home");
  axis_->moveTo(homeMetres_, rimSpeed_); // SAME: revolvehome
}

void Revolve::rebind(std::shared_ptr<AxisDrive> axis) {
  std::lock_guard<std::mutex> lk(mu_);
  axis_ = std::move(axis);
}

} // namespace cued
