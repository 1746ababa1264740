// Hourly min/max/mean rollups of one tag, one CSV file per day.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace histd {

struct RollupRequest {
  uint32_t tagId = 0;
  std::string tagName;
  int64_t firstDay = 0;  // days since the epoch (UTC)
  int64_t lastDay = 0;
  std::string outDir;
};

/// Returns the number of day files written.
std::size_t exportDailyRollups(const std::vector<std::string> &segmentPaths,
                               const RollupRequest &request);

} // namespace histd
