// TemperatureBuoy: sea temperature string (surface, 5 m, 15 m) on the RS-485 bus.
#pragma once

#include <cstdint>
#include <memory>

#include "rs485_bus.h"
#include "shutdown_sequence.h"
#include "status.h"

class TemperatureBuoy {
 public:
  // Registers the closing temperature profile with the lockdown sequence.
  TemperatureBuoy(std::uint8_t address, std::shared_ptr<Rs485Bus> bus, ShutdownSequence& lockdown);

  Result<double> celsius(int depth_m);
  std::uint8_t address() const;
  double last_surface() const;

 private:
  std::uint8_t address_;
  std::shared_ptr<Rs485Bus> bus_;
  double last_surface_;
};
