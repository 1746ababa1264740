// goniod — beamtime bookkeeping: size-based rotation of the station logbook,
// the master header of a data set, the shift's tally (a function-local static
// that reports its totals when the process exits), and the per-shift summary
// CSV written to a ".part" file and renamed into place when the shift ends.
#include "beamtime.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>

#include <sys/stat.h>

#include "elog.h"

namespace goniod {

bool rotate_elog(std::uintmax_t max_bytes) {
  const std::string path = elog().path();
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || static_cast<std::uintmax_t>(st.st_size) < max_bytes)
    return false;
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  const std::string rotated = path + "." + stamp;

  // The open descriptor follows the rename; open() then swaps in a fresh file
  // under the logbook's lock, so other threads never see a closed logbook.
  if (std::rename(path.c_str(), rotated.c_str()) != 0) {
    elog().append("elog rotation to " + rotated + " failed: " + std::strerror(errno));
    return false;
  }
  elog().open(path);
  elog().append("elog continued from " + rotated);
  return true;
}

ShiftTally &shift_tally() {
  static ShiftTally tally;
  return tally;
}

ShiftTally::~ShiftTally() {
  elog().append("shift totals: " + std::to_string(datasets_.load()) + " data sets, " + // BUG: use-after-close
                std::to_string(mounts_.load()) + " mounts");
}

bool write_master_header(std::FILE *fp, const SeriesSpec &spec) {
  const int n = std::fprintf(fp,
                             "stem: %s\nframes: %d\nexposure_s: %.4f\n"
                             "start_deg: %.4f\nwidth_deg: %.4f\n",
                             spec.stem.c_str(), spec.frames, spec.exposure_s,
                             spec.start_deg, spec.width_deg);
  if (n < 0 || std::fflush(fp) != 0) {
    std::fclose(fp);
    return false;
  }
  return true;
}

BeamtimeSummary::BeamtimeSummary(std::string path) : path_(std::move(path)) {
  out_.open(path_ + ".part", std::ios::out | std::ios::trunc);
  if (!out_.is_open())
    throw std::runtime_error("cannot create beamtime summary " + path_);
  out_ << "proposal,datasets,hours\n";
}

void BeamtimeSummary::record(const std::string &proposal, int datasets, double hours) {
  if (!out_.is_open())
    throw std::logic_error("beamtime summary " + path_ + " already finished");
  out_ << proposal << ',' << datasets << ',' << hours << '\n'; // OK: finish() closes, and record() refuses afterwards
  ++rows_;
}

void BeamtimeSummary::finish() {
  if (!out_.is_open())
    return;
  out_.flush();
  const bool wrote = out_.good();
  out_.close();
  if (!wrote || out_.fail()) { // OK: close() reports its own failure through the stream state
    std::remove((path_ + ".part").c_str());
    throw std::runtime_error("beamtime summary " + path_ + " could not be written");
  }
  if (std::rename((path_ + ".part").c_str(), path_.c_str()) != 0)
    throw std::runtime_error("cannot publish beamtime summary " + path_ + ": " +
                             std::strerror(errno));
}

} // namespace goniod
