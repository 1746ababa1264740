// RotaryDoser: rotary valve metering pellets into the blower line.
#pragma once

#include <cstdint>
#include <memory>

#include "plc_link.h"
#include "status.h"

class RotaryDoser {
 public:
  RotaryDoser(std::shared_ptr<PlcLink> link, double grams_per_rev);

  Status set_rate(double kg_per_min);
  Status stop_auger();
  Status purge();  // spins the rotor empty so pellets do not cake overnight
  Result<std::uint16_t> revolutions();

 private:
  std::shared_ptr<PlcLink> link_;
  double grams_per_rev_;
};
