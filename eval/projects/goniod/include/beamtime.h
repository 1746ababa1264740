// goniod — beamtime bookkeeping: logbook rotation, master headers, the
// shift's running tally and the per-shift summary.
#pragma once
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include "pixel_detector.h"

namespace goniod {

bool rotate_elog(std::uintmax_t max_bytes);
// false (and fp closed) when the header cannot be written.
bool write_master_header(std::FILE *fp, const SeriesSpec &spec);

// Counts of the shift, logged when the process exits.
class ShiftTally {
public:
  ShiftTally() = default;
  ~ShiftTally();
  ShiftTally(const ShiftTally &) = delete;
  ShiftTally &operator=(const ShiftTally &) = delete;
  void count_dataset() { ++datasets_; }
  void count_mount() { ++mounts_; }

private:
  std::atomic<int> datasets_{0};
  std::atomic<int> mounts_{0};
};

ShiftTally &shift_tally();

class BeamtimeSummary {
public:
  explicit BeamtimeSummary(std::string path);
  void record(const std::string &proposal, int datasets, double hours);
  void finish();

private:
  std::string path_;
  std::ofstream out_;
  int rows_ = 0;
};

} // namespace goniod
