// goniod — DataSet: one rotation data set, collected as an itinerary: open
// the frame index, write the master header, arm the detector and start its
// readout, cue the wedges, sweep, stop the readout, seal the index and append
// the trailer.
#include "dataset.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include "beamtime.h"
#include "itinerary.h"

namespace goniod {

DataSet::DataSet(std::string stem, PixelDetector &detector, Oscillation &osc)
    : stem_(std::move(stem)), detector_(detector), osc_(osc) {}

void DataSet::open_index() {
  index_fd_ = ::open((stem_ + ".idx").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (index_fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open index of " + stem_);
}

void DataSet::append_index(int frame, double omega) {
  char row[64];
  const int n = std::snprintf(row, sizeof row, "%d %.4f\n", frame, omega);
  if (::write(index_fd_, row, static_cast<std::size_t>(n)) < 0)
    throw std::system_error(errno, std::generic_category(), "index row of " + stem_);
}

void DataSet::seal_index() {
  if (index_fd_ < 0)
    return;
  ::fsync(index_fd_);
  ::close(index_fd_);
}

void DataSet::collect(const SeriesSpec &spec) {
  Itinerary plan("dataset " + stem_);
  plan.then("open index", [this] { open_index(); })
      .then("master header",
            [this, &spec] {
              std::FILE *master = std::fopen((stem_ + ".master").c_str(), "we");
              if (master == nullptr)
                throw std::system_error(errno, std::generic_category(), "master of " + stem_);
              if (!write_master_header(master, spec)) {
                std::fclose(master); // BUG: double-close
                throw std::runtime_error("cannot write the master header of " + stem_);
              }
              std::fclose(master);
            })
      .then("arm detector",
            [this, &spec] {
              detector_.arm(spec);
              detector_.start_readout(stem_ + ".frames");
            })
      .then("cue wedges",
            [this, &spec] {
              const int per_wedge = spec.wedge_frames > 0 ? spec.wedge_frames : spec.frames;
              for (int first = 0; first < spec.frames; first += per_wedge) {
                Wedge w;
                w.start_deg = spec.start_deg + first * spec.width_deg;
                w.width_deg = spec.width_deg;
                w.frames = std::min(per_wedge, spec.frames - first);
                w.exposure_s = spec.exposure_s;
                if (!osc_.offer(w))
                  throw std::runtime_error("oscillation runner closed before the sweep");
              }
            })
      .then("sweep",
            [this] {
              osc_.run_cues([this](int frame, double omega) { append_index(frame, omega); });
            })
      .then("stop readout",
            [this] {
              detector_.stop_readout();
              detector_.disarm();
            })
      .then("seal index", [this] { seal_index(); })
      .then("trailer", [this, &spec] {
        const std::string trailer =
            "# end " + stem_ + " frames=" + std::to_string(spec.frames) + "\n";
        ::write(index_fd_, trailer.data(), trailer.size()); // BUG: use-after-close
      });
  if (plan.run() == 0)
    shift_tally().count_dataset();
}

} // namespace goniod
