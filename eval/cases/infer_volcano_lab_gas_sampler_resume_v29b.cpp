// Gas sampler uplink of a volcano observatory lab. The link forwards SO2/CO2/H2S
// readings from the crater station. During sensor calibration the link is
// paused (readings are queued) and resumed afterwards; resume() only clears the
// pause, it never reopens a link that was closed. A shift runs the calibration
// and forwards the readings; on a crater sensor fault it records the fault,
// closes the link and reports the peak SO2 of the shift.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace volcano {

struct GasReading {
  std::string species;
  double ppm = 0.0;
  std::int64_t takenAtMs = 0;
};

class SamplerLink {
public:
  explicit SamplerLink(std::string station) : station_(std::move(station)) {}

  void pause() {
    if (closed_)
      return;
    paused_ = true;
  }

  void resume() {
    if (closed_)
      return;
    paused_ = false;
    for (const GasReading &r : queued_)
      transmit(r);
    queued_.clear();
  }

  void close() {
    closed_ = true;
    paused_ = false;
    queued_.clear();
  }

  bool isClosed() const { return closed_; }
  std::size_t transmitted() const { return sent_; }

  void send(const GasReading &r) {
    if (closed_)
      throw std::runtime_error("sampler link closed: " + station_);
    if (paused_) {
      queued_.push_back(r);
      return;
    }
    transmit(r);
  }

private:
  void transmit(const GasReading &) { ++sent_; }

  std::string station_;
  std::vector<GasReading> queued_;
  std::size_t sent_ = 0;
  bool paused_ = false;
  bool closed_ = false;
};

struct ShiftLog {
  std::vector<GasReading> calibration;
  std::vector<GasReading> readings;
  bool craterSensorFaulted = false;
  std::string faultReason;
  std::int64_t endMs = 0;
};

void recordFault(const std::string &station, const std::string &why);

static GasReading peakOf(const std::vector<GasReading> &readings,
                         const std::string &species, std::int64_t atMs) {
  GasReading peak{species, 0.0, atMs};
  for (const GasReading &r : readings)
    if (r.species == species)
      peak.ppm = std::max(peak.ppm, r.ppm);
  return peak;
}

void runCalibration(SamplerLink &link, const ShiftLog &log) {
  if (link.isClosed())
    return;
  link.pause();
  for (const GasReading &r : log.calibration)
    link.send(r);
  link.resume();
  link.send(GasReading{"CO2", 412.0, log.endMs}); // OK
}

void runShift(const std::string &station, const ShiftLog &log) {
  SamplerLink link(station);
  runCalibration(link, log);

  for (const GasReading &r : log.readings)
    link.send(r);

  if (log.craterSensorFaulted) {
    recordFault(station, log.faultReason);
    link.close();
    link.resume(); // OK
    link.send(peakOf(log.readings, "SO2", log.endMs)); // BUG: use-after-close
  }
}

void runEvacuationShift(const std::string &station, const ShiftLog &log) {
  SamplerLink link(station);
  runCalibration(link, log);
  for (const GasReading &r : log.readings) {
    if (r.species == "H2S" && r.ppm > 50.0) {
      recordFault(station, "H2S above evacuation threshold");
      link.close();
      break;
    }
    link.send(r);
  }
  link.resume(); // OK
  if (!link.isClosed()) // OK
    link.send(peakOf(log.readings, "SO2", log.endMs)); // OK
}

} // namespace volcano
