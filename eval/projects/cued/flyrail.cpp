// The fly rail: builds every axis from the line plot, parks and halts them
// as a group, and owns their service life (the destructor releases them).
// Negative: the status poll skips released drives, parking jobs are only
// posted for live drives, and swapController() moves the replacement
// controller, not the one it has just retired.
#include "flyrail.h"
#include "axislife.h"
#include "stagehands.h"

#include <cstdio>
#include <stdexcept>

namespace cued {

namespace {
constexpr double kCreepSpeed = 0.1; // m/s, for moves nobody is watching
}

Flyrail::Flyrail(const LinePlot &plot, std::shared_ptr<DriveBus> bus) {
  for (const LineSpec &spec : plot.lines()) {
    index_.emplace(spec.name, axes_.size());
    axes_.push_back(makeAxis(spec, bus));
  }
}

Flyrail::~Flyrail() {
  for (auto &axis : axes_) {
    try {
      axis->release();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s: release on teardown failed: %s\n",
                   axis->name().c_str(), e.what());
    }
  }
}

AxisDrive &Flyrail::axis(const std::string &name) {
  return *axes_.at(index_.at(name));
}

std::shared_ptr<AxisDrive> Flyrail::share(const std::string &name) {
  const auto it = index_.find(name);
  return it == index_.end() ? nullptr : axes_[it->second];
}

void Flyrail::haltAll() {
  for (auto &axis : axes_)
    axis->release();
}

void Flyrail::parkAll(Stagehands &hands) {
  for (auto &axis : axes_) {
    if (axis->released())
      continue;
    hands.post([drive = axis] {
      drive->park(); // OK: the pool is drained before anything releases the rail
    });
  }
}

bool Flyrail::moving() {
  for (auto &axis : axes_)
    if (!axis->released() && axis->moving()) // OK: released drives are skipped
      return true;
  return false;
}

std::vector<std::pair<std::string, double>> Flyrail::snapshot() const {
  std::vector<std::pair<std::string, double>> out;
  out.reserve(axes_.size());
  for (const auto &axis : axes_)
    out.emplace_back(axis->name(), axis->position());
  return out;
}

void Flyrail::swapController(const std::string &name,
                             std::shared_ptr<AxisDrive> fresh) {
  const std::size_t i = index_.at(name);
  const double trim = axes_[i]->position();
  retireAxis(*axes_[i]);
  axes_[i] = std::move(fresh);
  axes_[i]->moveTo(trim, kCreepSpeed); // OK: axes_[i] is the replacement now
}

} // namespace cued
