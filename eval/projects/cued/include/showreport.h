// The end-of-show report for the production manager.
#pragma once
#include <string>
#include <vector>

namespace cued {

struct ShowSummary {
  std::vector<std::string> cues;
  std::vector<std::string> holds;
  std::vector<std::string> faults;
};

/// Writes the report next to `path` and renames it into place.
bool writeShowReport(const std::string &path, const ShowSummary &summary);

} // namespace cued
