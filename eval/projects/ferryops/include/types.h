// Plain data shared by the terminal's modules: gates, frames, sailings, scans,
// vehicles, boarding events and vessel telemetry samples. Encoders are in
// codec.cpp.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ferry {

using GateId = std::uint16_t;
using Clock = std::chrono::steady_clock;

constexpr GateId kRampLinkId = 900;

enum class FrameType : std::uint8_t {
  Heartbeat = 1,
  Notice,
  Config,
  Ack,
  Error,
};

struct Frame {
  FrameType type = FrameType::Heartbeat;
  std::string payload;

  static Frame heartbeat(GateId gate);
  static Frame notice(std::string text);
  static Frame config(std::string body);
  static Frame ack(std::string body);
  static Frame error(std::string what);
};

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
};

inline bool operator==(const Endpoint &a, const Endpoint &b) {
  return a.host == b.host && a.port == b.port;
}
inline bool operator!=(const Endpoint &a, const Endpoint &b) { return !(a == b); }

struct Sailing {
  std::string id;
  std::string vessel;
  std::string route;
  std::int64_t departsAtMs = 0;
};

enum class ScanKind { Ticket, Staff, GateClosed, Rejected };

struct ScanEvent {
  GateId gate = 0;
  ScanKind kind = ScanKind::Ticket;
  std::string ticket;
  std::int64_t atMs = 0;
};

enum class VehicleClass { Motorcycle, Car, Van, Coach, Freight, Emergency };

struct Vehicle {
  std::string plate;
  VehicleClass cls = VehicleClass::Car;
  double lengthM = 4.5;
  double massT = 1.5;
  int lane = -1;
};

struct BoardingEvent {
  std::string sailingId;
  std::string ticket;
  GateId gate = 0;
  std::int64_t atMs = 0;
  bool vehicle = false;
};

struct TelemetrySample {
  double lat = 0;
  double lon = 0;
  double headingDeg = 0;
  double speedKn = 0;
  std::int64_t atMs = 0;
};

struct TerminalCounters {
  std::size_t boarded = 0;
  std::size_t vehicles = 0;
  std::size_t rejected = 0;
  std::size_t gatesOpen = 0;
};

std::int64_t nowMillis();
std::string encodeEvent(const BoardingEvent &e);
std::string encodeBatch(const std::vector<BoardingEvent> &batch);
std::string encodeSample(const TelemetrySample &s);
std::string encodeCounters(const TerminalCounters &c);
bool parseNmea(const std::string &line, TelemetrySample &out);

} // namespace ferry
