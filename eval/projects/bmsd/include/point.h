// Point values as the controllers report them and as the daemon stores them.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace bmsd {

enum class PointKind {
  Temperature,
  Setpoint,
  Humidity,
  Occupancy,
  DoorState,
  Lighting,
  ElevatorStatus,
  EnergyKwh,
};

struct PointValue {
  std::string controllerId;
  std::string name; // "AHU-3/SAT", "L4-DOOR-12/state"
  PointKind kind = PointKind::Temperature;
  double value = 0.0;
  std::chrono::system_clock::time_point at;
  std::uint32_t seq = 0;
};

} // namespace bmsd
