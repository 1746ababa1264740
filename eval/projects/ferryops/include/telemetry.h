// VesselTelemetryReader: reads NMEA sentences from the vessel's GPS/compass
// over a serial port (owned through UniqueFd) and rebroadcasts the latest fix
// on a UDP beacon (a raw descriptor) for the quay displays. Serial side in
// telemetry_reader.cpp, beacon side in telemetry_beacon.cpp.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "status.h"
#include "types.h"
#include "unique_fd.h"

namespace ferry {

class VesselTelemetryReader {
public:
  explicit VesselTelemetryReader(std::string serialDevice);
  ~VesselTelemetryReader();
  VesselTelemetryReader(const VesselTelemetryReader &) = delete;
  VesselTelemetryReader &operator=(const VesselTelemetryReader &) = delete;

  Status openSerial();
  Status reopenSerial();
  std::optional<TelemetrySample> pollSerial(int timeoutMs);
  Status probeCompass(const std::string &device, std::string &model);
  Status handOverSerial(int unixSock);

  Status startBeacon(std::uint16_t port);
  Status rebindBeacon(std::uint16_t port);
  Status sendBeacon(const TelemetrySample &sample);
  void beaconLoop();

  void stop();
  bool stopped() const { return stopped_.load(); }
  TelemetrySample latest() const;

private:
  std::string device_;
  UniqueFd serial_;
  int beaconFd_ = -1;
  std::uint16_t beaconPort_ = 0;
  std::atomic<bool> stopped_{false};
  mutable std::mutex mu_;
  TelemetrySample latest_;
  std::string lineBuf_;
};

} // namespace ferry
