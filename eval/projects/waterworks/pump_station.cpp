// PumpStation: pump commands go out as register writes on the shared field
// bus. A station starts offline; take_offline() stops every pump (or, with
// the bus already closed, only marks the station) and locks the station until
// bring_online().
#include "pump_station.h"

#include <stdexcept>
#include <utility>

#include "registers.h"

namespace ww {

PumpStation::PumpStation(std::string name, std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                         std::size_t pumps)
    : name_(std::move(name)), bus_(std::move(bus)), unit_(unit), speeds_(pumps, 0) {}

const std::string& PumpStation::name() const { return name_; }

void PumpStation::require_online() const {
  if (state_.load() != StationState::kOnline)
    throw std::runtime_error("pump station " + name_ + " offline");
}

Status PumpStation::start_pump(std::size_t pump) {
  require_online();
  if (pump >= speeds_.size()) return Status::Error(StatusCode::kInvalid, "no such pump");
  return bus_->write_register(unit_, static_cast<std::uint16_t>(kPumpRunBase + pump), 1);
}

Status PumpStation::stop_pump(std::size_t pump) {
  require_online();
  if (pump >= speeds_.size()) return Status::Error(StatusCode::kInvalid, "no such pump");
  Status st = bus_->write_register(unit_, static_cast<std::uint16_t>(kPumpRunBase + pump), 0);
  if (st.ok()) speeds_[pump] = 0;
  return st;
}

Status PumpStation::set_speed(std::size_t pump, std::uint16_t rpm) {
  require_online();
  if (pump >= speeds_.size()) return Status::Error(StatusCode::kInvalid, "no such pump");
  Status st = bus_->write_register(unit_, static_cast<std::uint16_t>(kPumpSpeedBase + pump), rpm);
  if (st.ok()) speeds_[pump] = rpm;
  return st;
}

Status PumpStation::reset_counters() {
  require_online();
  return bus_->write_register(unit_, kCounterResetRegister, 1);
}

Status PumpStation::take_offline() {
  if (state_.load() == StationState::kOffline) return Status::Ok();
  if (bus_->is_closed()) {
    // the pump controllers stop by themselves when the bus goes quiet
    state_.store(StationState::kOffline);
    return Status::Error(StatusCode::kClosed, "field bus closed; " + name_ + " marked offline");
  }
  Status first = Status::Ok();
  for (std::size_t i = 0; i < speeds_.size(); ++i) {
    Status st = bus_->write_register(unit_, static_cast<std::uint16_t>(kPumpRunBase + i), 0); // OK: is_closed() checked before the loop
    if (!st.ok() && first.ok()) first = st;
    speeds_[i] = 0;
  }
  state_.store(StationState::kOffline);
  return first;
}

Status PumpStation::bring_online() {
  state_.store(StationState::kOnline);
  return Status::Ok();
}

bool PumpStation::online() const { return state_.load() == StationState::kOnline; }

std::size_t PumpStation::pump_count() const { return speeds_.size(); }

}  // namespace ww
