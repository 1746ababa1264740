// Records exchanged between the vehicle sessions, the ingest pipeline, the
// trip store, the alerting components and the dispatcher export API.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace fleetd {

struct GeoPoint {
  double lat = 0;
  double lon = 0;
};

struct PositionReport {
  std::string vin;
  std::int64_t timestampMs = 0;
  GeoPoint where;
  double speedKph = 0;
  double headingDeg = 0;
  std::uint32_t seq = 0;
};

struct FaultReport {
  std::string vin;
  std::int64_t timestampMs = 0;
  std::string dtc; // diagnostic trouble code, e.g. "P0217"
  int severity = 0; // 0 info .. 3 critical
  bool active = true;
};

struct StatusReport {
  std::string firmware;
  double odometerKm = 0;
  int fuelPercent = -1;
};

enum class FrameType { Hello, Resume, Position, Fault, Status, Ack, Bye, Unknown };

struct Frame {
  FrameType type = FrameType::Unknown;
  std::string payload;
};

struct Hello {
  std::string vin;
  int protocol = 0;
  std::string firmware;
  std::string resumeToken;
  std::uint32_t lastAckedSeq = 0;
};

struct ResumeRequest {
  std::string token;
  std::uint32_t lastAckedSeq = 0;
};

struct Alert {
  std::string kind; // "geofence", "fault", "config", ...
  std::string vin;
  std::int64_t timestampMs = 0;
  std::string detail;
  int severity = 0;
};

std::int64_t nowMs();
std::string formatTimestamp(std::int64_t ms);

} // namespace fleetd
