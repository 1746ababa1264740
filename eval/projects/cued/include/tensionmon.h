// Compares each lineset's sheave travel with the load on its cables to catch
// a slack or fouled line before the next flying cue.
#pragma once
#include "loadcelltap.h"
#include "sheavetap.h"
#include <string>
#include <vector>

namespace cued {

struct TensionReading {
  std::string counter;
  long pulses = 0;
  double kilograms = 0.0;
};

class TensionMonitor {
public:
  TensionMonitor(const std::vector<std::string> &sheaveCounters,
                 const std::vector<std::string> &loadCells);
  std::vector<TensionReading> sample();
  bool slackSuspected(const std::vector<TensionReading> &before,
                      const std::vector<TensionReading> &after) const;

private:
  std::vector<SheaveTap> sheaves_;
  std::vector<LoadCellTap> cells_;
};

} // namespace cued
