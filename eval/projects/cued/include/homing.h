// Encoder work on the servo controllers, run on the stagehands.
#pragma once
#include "drivebus.h"
#include "stagehands.h"
#include <memory>
#include <vector>

namespace cued {

/// Zeroes the encoder of every controller, then cycles the bus.
void recalibrateBus(std::shared_ptr<DriveBus> bus,
                    const std::vector<int> &addresses, Stagehands &hands);

/// Moves every controller to another baud rate, then reopens the bus at it.
void changeBusBaud(std::shared_ptr<DriveBus> bus,
                   const std::vector<int> &addresses, int baud,
                   Stagehands &hands);

} // namespace cued
