// goniod — PixelDetector (pimpl): the detector's control link, a readout
// thread that appends every frame to the frames file and acknowledges it to
// the timing system over the timing link shared with the trigger unit, and
// the arm/disarm/power-down sequence.
#include "pixel_detector.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace goniod {

struct PixelDetector::Impl {
  Impl(const Endpoint &ep, std::shared_ptr<PvConn> t)
      : control(ep.host, ep.port), timing(std::move(t)) {}

  void readout_loop();

  PvConn control;
  std::shared_ptr<PvConn> timing;
  int frames_fd = -1;
  std::atomic<bool> reading{false};
  std::thread readout;
  bool armed = false;
};

void PixelDetector::Impl::readout_loop() {
  long acked = 0;
  while (reading) {
    const std::string frame = control.request("DET:NEXTFRAME");
    if (frame.empty())
      continue;
    if (::write(frames_fd, frame.data(), frame.size()) < 0) { // OK: stop_readout() joins this thread before closing frames_fd
      std::fprintf(stderr, "goniod: appending frame %ld: %s\n", acked + 1, std::strerror(errno));
      break;
    }
    timing->post("TRIG:ACK " + std::to_string(++acked)); // BUG: use-after-close #timing_ack
  }
}

PixelDetector::PixelDetector(const Endpoint &control, std::shared_ptr<PvConn> timing)
    : impl_(std::make_unique<Impl>(control, std::move(timing))) {}

PixelDetector::~PixelDetector() {
  try {
    power_down();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "goniod: powering the detector down: %s\n", e.what());
  }
}

void PixelDetector::arm(const SeriesSpec &spec) {
  impl_->control.put("DET:NIMAGES", static_cast<double>(spec.frames));
  impl_->control.put("DET:COUNT_TIME", spec.exposure_s);
  impl_->control.post("DET:ARM");
  impl_->armed = true;
}

void PixelDetector::start_readout(const std::string &frames_path) {
  if (impl_->reading)
    throw std::logic_error("detector readout already running");
  impl_->frames_fd =
      ::open(frames_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (impl_->frames_fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + frames_path);
  impl_->reading = true;
  impl_->readout = std::thread([impl = impl_.get()] { impl->readout_loop(); });
}

void PixelDetector::stop_readout() {
  if (!impl_->reading.exchange(false))
    return;
  if (impl_->readout.joinable())
    impl_->readout.join();
  ::fsync(impl_->frames_fd);
  ::close(std::exchange(impl_->frames_fd, -1)); // OK: the readout thread was joined first
}

void PixelDetector::disarm() {
  if (!impl_->armed)
    return;
  impl_->armed = false;
  if (impl_->control)
    impl_->control.post("DET:DISARM"); // OK: operator bool checked; power_down() closes only after disarming
}

void PixelDetector::power_down() {
  stop_readout();
  disarm();
  impl_->control.close();
}

bool PixelDetector::armed() const { return impl_->armed; }

} // namespace goniod
