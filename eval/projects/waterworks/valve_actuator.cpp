// ValveActuator: each valve is one position register (0-100 %) on the field
// bus; park_all() drives every valve to the parked opening.
#include "valve_actuator.h"

#include <utility>

#include "registers.h"

namespace ww {

ValveActuator::ValveActuator(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                             std::vector<std::uint16_t> valve_registers)
    : bus_(std::move(bus)),
      unit_(unit),
      registers_(std::move(valve_registers)),
      commanded_(registers_.size(), 0) {}

Status ValveActuator::open_valve(std::size_t index, std::uint16_t percent) {
  if (index >= registers_.size()) return Status::Error(StatusCode::kInvalid, "no such valve");
  if (percent > 100) percent = 100;
  Status st = bus_->write_register(unit_, registers_[index], percent); // SAME: stale_bus
  if (st.ok()) commanded_[index] = percent;
  return st;
}

Status ValveActuator::close_valve(std::size_t index) {
  if (index >= registers_.size()) return Status::Error(StatusCode::kInvalid, "no such valve");
  Status st = bus_->write_register(unit_, registers_[index], 0);
  if (st.ok()) commanded_[index] = 0;
  return st;
}

Status ValveActuator::park_all() {
  Status first = Status::Ok();
  for (std::size_t i = 0; i < registers_.size(); ++i) {
    Status st = bus_->write_register(unit_, registers_[i], kParkedPercent); // SAME: park_after_disconnect
    if (st.ok())
      commanded_[i] = kParkedPercent;
    else if (first.ok())
      first = st;
  }
  return first;
}

std::optional<std::uint16_t> ValveActuator::commanded(std::size_t index) const {
  if (index >= commanded_.size()) return std::nullopt;
  return commanded_[index];
}

std::size_t ValveActuator::count() const { return registers_.size(); }

}  // namespace ww
