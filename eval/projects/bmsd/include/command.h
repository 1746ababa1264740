// Commands the daemon sends to controllers (setpoints, overrides, scenes).
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace bmsd {

enum class CommandKind { Setpoint, Override, Release, LightingScene, DoorUnlock };

struct Command {
  std::uint64_t id = 0;
  std::string controllerId;
  std::string point;
  CommandKind kind = CommandKind::Setpoint;
  double value = 0.0;
  std::chrono::seconds ttl{0};
};

} // namespace bmsd
