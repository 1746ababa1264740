// End-of-night précis: the per-scan summary mailed to the astronomers, and
// flux notes for the calibrators observed during the night.
#pragma once
#include <string>
#include <vector>

class ChoreQueue;

struct ScanRecord {
  std::string source;
  double seconds = 0.0;
  double meanCounts = 0.0;
};

void writeDawnPrecis(ChoreQueue &chores, const std::string &path,
                     const std::vector<ScanRecord> &scans);
void appendCalibratorNotes(ChoreQueue &chores, const std::string &path,
                           const std::vector<std::string> &calibrators);
