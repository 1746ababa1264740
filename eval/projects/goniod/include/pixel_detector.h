// goniod — the hybrid pixel detector: control link, frame readout thread and
// acknowledgements to the timing system.
#pragma once
#include <memory>
#include <string>

#include "prefs.h"
#include "pvconn.h"

namespace goniod {

struct SeriesSpec {
  std::string stem;
  int frames = 0;
  int wedge_frames = 0;
  double exposure_s = 0.1;
  double start_deg = 0.0;
  double width_deg = 0.1;
};

class PixelDetector {
public:
  PixelDetector(const Endpoint &control, std::shared_ptr<PvConn> timing);
  ~PixelDetector();
  PixelDetector(const PixelDetector &) = delete;
  PixelDetector &operator=(const PixelDetector &) = delete;

  void arm(const SeriesSpec &spec);
  void start_readout(const std::string &frames_path);
  void stop_readout();
  void disarm();
  void power_down();
  bool armed() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace goniod
