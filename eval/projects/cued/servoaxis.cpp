// A lineset on a servo controller of the shared RS-485 drive bus. Moves,
// status polls and the disable frame of release() are bus exchanges; a
// released axis refuses further moves.
#include "servoaxis.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace cued {

namespace {
constexpr std::uint8_t kOpMove = 0x10;
constexpr std::uint8_t kOpStatus = 0x20;
constexpr std::uint8_t kOpDisable = 0x30;
constexpr std::uint8_t kStatusMoving = 0x01;
constexpr std::uint8_t kStatusFault = 0x80;
} // namespace

ServoAxis::ServoAxis(LineSpec spec, std::shared_ptr<DriveBus> bus)
    : spec_(std::move(spec)), bus_(std::move(bus)),
      lastPosition_(spec_.parkTrim) {}

void ServoAxis::requireLive(const char *operation) const {
  if (released_)
    throw std::runtime_error(spec_.name + ": " + operation +
                             " refused, drive released");
}

DriveBus::Frame ServoAxis::encodeMove(double metres, double speed) {
  const auto mm = static_cast<std::int32_t>(std::lround(metres * 1000.0));
  const auto mmps = static_cast<std::uint16_t>(std::lround(speed * 1000.0));
  return {kOpMove,
          static_cast<std::uint8_t>(mm >> 24), static_cast<std::uint8_t>(mm >> 16),
          static_cast<std::uint8_t>(mm >> 8), static_cast<std::uint8_t>(mm),
          static_cast<std::uint8_t>(mmps >> 8), static_cast<std::uint8_t>(mmps)};
}

void ServoAxis::moveTo(double metres, double speed) {
  requireLive("move");
  const double low = std::min(spec_.inTrim, spec_.outTrim);
  const double high = std::max(spec_.inTrim, spec_.outTrim);
  const double target = std::clamp(metres, low, high);
  bus_->transact(spec_.busAddress,
                 encodeMove(target, std::min(speed, spec_.maxSpeed)));
}

bool ServoAxis::moving() {
  if (released_)
    return false;
  const DriveBus::Frame status = bus_->transact(spec_.busAddress, {kOpStatus}); // OK: a released axis returned above
  if (status.size() >= 5) {
    const std::int32_t mm = static_cast<std::int32_t>(
        (status[1] << 24) | (status[2] << 16) | (status[3] << 8) | status[4]);
    lastPosition_ = mm / 1000.0;
  }
  if (!status.empty() && (status[0] & kStatusFault))
    ++faults_;
  return !status.empty() && (status[0] & kStatusMoving);
}

void ServoAxis::park() {
  requireLive("park");
  moveTo(spec_.parkTrim, spec_.maxSpeed);
}

void ServoAxis::release() {
  if (released_)
    return;
  released_ = true;
  bus_->transact(spec_.busAddress, {kOpDisable}); // SAME: servodisable
}

} // namespace cued
