// The tension monitor: one sheave counter and one load cell per monitored
// lineset, sampled together before each flying cue.
#include "tensionmon.h"

#include <algorithm>

namespace cued {

namespace {
constexpr double kLoadCellScale = 0.0125; // kg per ADC count
constexpr double kSlackDropKg = 15.0;
} // namespace

TensionMonitor::TensionMonitor(const std::vector<std::string> &sheaveCounters,
                               const std::vector<std::string> &loadCells) {
  for (const std::string &counter : sheaveCounters)
    sheaves_.push_back(SheaveTap(counter));
  for (const std::string &cell : loadCells)
    cells_.push_back(LoadCellTap(cell, kLoadCellScale));
}

std::vector<TensionReading> TensionMonitor::sample() {
  std::vector<TensionReading> out;
  const std::size_t n = std::min(sheaves_.size(), cells_.size());
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    TensionReading r;
    r.counter = sheaves_[i].path;
    r.pulses = sheaves_[i].readCount(); // BUG: use-after-close #sheavecopy
    r.kilograms = cells_[i].kilograms(); // OK: the vector holds the only owner of each moved tap
    out.push_back(std::move(r));
  }
  return out;
}

bool TensionMonitor::slackSuspected(const std::vector<TensionReading> &before,
                                    const std::vector<TensionReading> &after) const {
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    const bool travelled = before[i].pulses != after[i].pulses;
    const double drop = before[i].kilograms - after[i].kilograms;
    if (travelled && drop > kSlackDropKg)
      return true;
  }
  return false;
}

} // namespace cued
