// OxygenBuoy: dissolved-oxygen probe on the RS-485 bus.
#pragma once

#include <cstdint>
#include <memory>

#include "rs485_bus.h"
#include "shutdown_sequence.h"
#include "status.h"

class OxygenBuoy {
 public:
  // Registers the closing saturation reading with the lockdown sequence.
  OxygenBuoy(std::uint8_t address, std::shared_ptr<Rs485Bus> bus, ShutdownSequence& lockdown);

  Result<double> saturation();  // percent O2 saturation
  std::uint8_t address() const;

 private:
  std::uint8_t address_;
  std::shared_ptr<Rs485Bus> bus_;
};
