// Operations procedures run by the control-room software on request.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "status.h"

namespace ww {

class Plant;

// Puts the plant in safe mode and takes the field bus down for repair.
Status safe_isolate(Plant& plant);
// Retires the field bus for good (gateway decommissioned).
Status retire_bus(Plant& plant);
// Moves field-bus traffic to a new gateway.
Status switch_fieldbus_gateway(Plant& plant, const std::string& host, std::uint16_t port);
// Brings a station back after repair and starts its first pump.
Status commission_station(Plant& plant, std::size_t index, std::uint16_t rpm);

}  // namespace ww
