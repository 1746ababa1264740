// Register map of the field devices (Modbus holding registers) shared by the
// pump stations, valve actuators, chlorine doser and safety PLC.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ww {

constexpr std::uint16_t kSafeModeRegister = 100;
constexpr std::uint16_t kHeartbeatRegister = 101;
constexpr std::uint16_t kPumpRunBase = 200;
constexpr std::uint16_t kPumpSpeedBase = 300;
constexpr std::uint16_t kCounterResetRegister = 400;
constexpr std::uint16_t kDoserEnableRegister = 500;
constexpr std::uint16_t kDoserRateRegister = 501;

constexpr std::uint16_t kParkedPercent = 10;
constexpr std::size_t kInletValve = 0;
constexpr std::size_t kDosingFlushValve = 3;

}  // namespace ww
