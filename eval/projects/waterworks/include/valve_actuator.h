// ValveActuator: motorised valves of the distribution network, driven through
// the field bus. close_valve() drives a valve shut; the actuator stays usable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "fieldbus_client.h"
#include "status.h"

namespace ww {

class ValveActuator {
 public:
  ValveActuator(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                std::vector<std::uint16_t> valve_registers);

  Status open_valve(std::size_t index, std::uint16_t percent);
  Status close_valve(std::size_t index);
  Status park_all();
  std::optional<std::uint16_t> commanded(std::size_t index) const;
  std::size_t count() const;

 private:
  std::shared_ptr<FieldbusClient> bus_;
  std::uint8_t unit_;
  std::vector<std::uint16_t> registers_;
  std::vector<std::uint16_t> commanded_;
};

}  // namespace ww
