// Meteorite lab Raman spectrometer: its CCD sensor is armed for one exposure
// and must be released afterwards; acquisition code releases it through a
// ScopeExit guard and writes the raw spectrum through a unique_ptr<FILE> with
// an fclose deleter. captureDarkFrame() lets the guard release the sensor at
// the end of the exposure block and reads the frame out after it.
// captureCalibration() releases on its timeout path and returns, and the
// guard then releases a second time (release() throws when already
// released). captureSample() dismisses its guard before its own release.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
  bool active_ = true;
};

class SpectrometerCcd {
public:
  void arm();
  bool waitExposure(int timeoutMs);
  std::vector<unsigned short> readout();
  void release();

private:
  enum class Phase { Idle, Armed, Released } phase_ = Phase::Idle;
};

struct FileCloser {
  void operator()(FILE *f) const {
    if (f != nullptr)
      std::fclose(f);
  }
};
using FrameFile = std::unique_ptr<FILE, FileCloser>;

void SpectrometerCcd::arm() {
  if (phase_ == Phase::Released)
    throw std::runtime_error("sensor released: re-enumerate before arming");
  phase_ = Phase::Armed;
}

bool SpectrometerCcd::waitExposure(int timeoutMs) {
  if (phase_ != Phase::Armed)
    throw std::runtime_error("sensor not armed");
  return timeoutMs > 200;
}

std::vector<unsigned short> SpectrometerCcd::readout() {
  if (phase_ == Phase::Released)
    throw std::runtime_error("sensor released: frame lost");
  return std::vector<unsigned short>(1500 * 1000, 0);
}

void SpectrometerCcd::release() {
  if (phase_ == Phase::Released)
    throw std::runtime_error("sensor already released");
  phase_ = Phase::Released;
}

bool saveFrame(const std::string &path, const std::vector<unsigned short> &px) {
  FrameFile out(std::fopen(path.c_str(), "wb"));
  if (!out)
    return false;
  std::fwrite(px.data(), sizeof(unsigned short), px.size(), out.get()); // OK: closed only by the deleter, later
  return std::fflush(out.get()) == 0;
}

std::vector<unsigned short> captureDarkFrame(SpectrometerCcd &sensor) {
  {
    sensor.arm();
    ScopeExit guard([&sensor] { sensor.release(); });
    if (!sensor.waitExposure(1500))
      return {};
  }
  return sensor.readout(); // BUG: use-after-close
}

std::vector<unsigned short> captureCalibration(SpectrometerCcd &sensor, int timeoutMs) {
  sensor.arm();
  ScopeExit guard([&sensor] { sensor.release(); }); // BUG: double-close
  if (!sensor.waitExposure(timeoutMs)) {
    sensor.release();
    return {};
  }
  return sensor.readout(); // OK: the guard releases after the readout
}

std::vector<unsigned short> captureSample(SpectrometerCcd &sensor) {
  sensor.arm();
  ScopeExit guard([&sensor] { sensor.release(); }); // OK: dismissed on the timeout path
  if (!sensor.waitExposure(800)) {
    guard.dismiss();
    sensor.release();
    return {};
  }
  return sensor.readout();
}

int main() {
  SpectrometerCcd bench;
  std::vector<unsigned short> frame = captureSample(bench);
  saveFrame("/var/raman/nwa7325-spot3.raw", frame);

  SpectrometerCcd calib;
  saveFrame("/var/raman/neon-lamp.raw", captureCalibration(calib, 100));

  SpectrometerCcd dark;
  saveFrame("/var/raman/dark-30s.raw", captureDarkFrame(dark));
  return 0;
}
