// goniod — one rotation data set: index file, master header, detector and
// sweep, run as an itinerary of stages.
#pragma once
#include <string>

#include "oscillation.h"
#include "pixel_detector.h"

namespace goniod {

class DataSet {
public:
  DataSet(std::string stem, PixelDetector &detector, Oscillation &osc);
  void collect(const SeriesSpec &spec);

private:
  void open_index();
  void append_index(int frame, double omega);
  void seal_index();

  std::string stem_;
  PixelDetector &detector_;
  Oscillation &osc_;
  int index_fd_ = -1;
};

} // namespace goniod
