// goniod — Goniometer: the axes of the goniometer head behind one mutex.
// A controller fault releases the faulted axis; a spare driver for the same
// axis can be swapped in; park() drives every axis home, releases it and
// records where it ended in the logbook. The destructor releases whatever
// is still held.
#include "goniometer.h"

#include <stdexcept>
#include <string>

#include "elog.h"

namespace goniod {

Goniometer::Goniometer(std::vector<std::unique_ptr<AxisDriver>> axes)
    : axes_(std::move(axes)) {}

Goniometer::~Goniometer() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &ax : axes_)
    try_release(*ax); // OK: try_release() skips the axes park() or on_fault() released
}

AxisDriver *Goniometer::find_locked(const std::string &axis_name) {
  for (auto &ax : axes_)
    if (ax->name() == axis_name)
      return ax.get();
  return nullptr;
}

void Goniometer::rotate_to(double omega_degrees) {
  std::lock_guard<std::mutex> lk(mu_);
  AxisDriver *omega = find_locked("omega");
  if (omega == nullptr || omega->released())
    throw std::runtime_error("omega axis is not available");
  omega->move_to(omega_degrees);
}

void Goniometer::halt_all() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &ax : axes_)
    ax->halt(); // OK: halt() on a released axis does nothing
}

void Goniometer::on_fault(const std::string &axis_name) {
  std::lock_guard<std::mutex> lk(mu_);
  AxisDriver *ax = find_locked(axis_name);
  if (ax == nullptr || ax->released())
    return;
  ax->halt();
  ax->release();
  elog().append("axis " + axis_name + " released after a controller fault");
}

void Goniometer::replace_axis(std::unique_ptr<AxisDriver> fresh) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &ax : axes_) {
    if (ax->name() != fresh->name())
      continue;
    ax->release(); // SAME: axis_swap
    ax = std::move(fresh);
    elog().append("axis " + ax->name() + " replaced by a spare driver");
    return;
  }
  axes_.push_back(std::move(fresh));
}

void Goniometer::park() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &ax : axes_) {
    if (ax->released())
      continue;
    ax->move_to(0.0);
    ax->release(); // OK: axes released by on_fault() were skipped above
  }
  for (const auto &ax : axes_)
    elog().append(ax->name() + " parked at " + std::to_string(ax->position())); // BUG: use-after-close
}

std::vector<std::string> Goniometer::axis_names() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::string> names;
  for (const auto &ax : axes_)
    names.push_back(ax->name());
  return names;
}

} // namespace goniod
