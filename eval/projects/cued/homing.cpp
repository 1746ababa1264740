// Encoder work on the servo controllers, one bus exchange per controller on
// the stagehands: zeroing the encoders before a season, and moving the whole
// bus to another baud rate. Both finish by cycling the bus.
#include "homing.h"

namespace cued {

namespace {
constexpr std::uint8_t kOpZeroEncoder = 0x41;
constexpr std::uint8_t kOpSetBaud = 0x42;

DriveBus::Frame encodeBaud(int baud) {
  return {kOpSetBaud, static_cast<std::uint8_t>(baud >> 16),
          static_cast<std::uint8_t>(baud >> 8), static_cast<std::uint8_t>(baud)};
}
} // namespace

void recalibrateBus(std::shared_ptr<DriveBus> bus,
                    const std::vector<int> &addresses, Stagehands &hands) {
  for (const int address : addresses) {
    hands.post([bus, address] {
      bus->transact(address, {kOpZeroEncoder}); // BUG: use-after-close #recal
    });
  }
  bus->shutdown(); // SAME: recal
  bus->reopen();
}

void changeBusBaud(std::shared_ptr<DriveBus> bus,
                   const std::vector<int> &addresses, int baud,
                   Stagehands &hands) {
  for (const int address : addresses) {
    hands.post([bus, address, baud] {
      bus->transact(address, encodeBaud(baud)); // OK: drained below before the bus is cycled
    });
  }
  hands.drain();
  bus->shutdown(); // OK: no job is left running on the bus
  bus->reopen(baud);
}

} // namespace cued
