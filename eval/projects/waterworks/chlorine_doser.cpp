// ChlorineDoser: rate and enable registers of the dosing pump. halt() is a
// no-op on a halted doser; it skips the bus write when the bus is already
// closed (the pump drops out by itself when the bus goes quiet) and raises a
// warning alarm.
#include "chlorine_doser.h"

#include <stdexcept>
#include <utility>

#include "registers.h"

namespace ww {

ChlorineDoser::ChlorineDoser(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                             std::shared_ptr<AlarmManager> alarms)
    : bus_(std::move(bus)), unit_(unit), alarms_(std::move(alarms)) {}

Status ChlorineDoser::start(double mg_per_litre) {
  std::lock_guard<std::mutex> lk(mu_);
  if (interlock_) return Status::Error(StatusCode::kUnavailable, "dosing interlock tripped");
  Status st = bus_->write_register(unit_, kDoserEnableRegister, 1);
  if (!st.ok()) return st;
  state_ = DoserState::kDosing;
  return write_rate_locked(mg_per_litre);
}

Status ChlorineDoser::set_rate(double mg_per_litre) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == DoserState::kHalted) throw std::runtime_error("chlorine doser halted");
  if (state_ != DoserState::kDosing)
    return Status::Error(StatusCode::kUnavailable, "chlorine doser not started");
  return write_rate_locked(mg_per_litre);
}

Status ChlorineDoser::write_rate_locked(double mg_per_litre) {
  if (mg_per_litre < 0.0 || mg_per_litre > 5.0)
    return Status::Error(StatusCode::kInvalid, "dosing rate out of range");
  auto raw = static_cast<std::uint16_t>(mg_per_litre * 1000.0);
  Status st = bus_->write_register(unit_, kDoserRateRegister, raw);
  if (st.ok()) rate_ = mg_per_litre;
  return st;
}

void ChlorineDoser::halt(const std::string& reason) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == DoserState::kHalted) return;
    state_ = DoserState::kHalted;
    rate_ = 0.0;
    if (!bus_->is_closed()) (void)bus_->write_register(unit_, kDoserEnableRegister, 0); // OK: is_closed() checked first
  }
  alarms_->raise(Alarm{Severity::kWarning, "chlorine", "dosing halted: " + reason, 0}); // SAME: halt_after_alarm_stop
}

bool ChlorineDoser::resume() {
  std::lock_guard<std::mutex> lk(mu_);
  if (interlock_) return false;
  if (state_ != DoserState::kHalted) return true;
  Status st = bus_->write_register(unit_, kDoserEnableRegister, 1);
  if (!st.ok()) return false;
  state_ = DoserState::kDosing;
  return true;
}

void ChlorineDoser::trip_interlock(const std::string& reason) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    interlock_ = true;
  }
  halt("interlock: " + reason);
}

void ChlorineDoser::clear_interlock() {
  std::lock_guard<std::mutex> lk(mu_);
  interlock_ = false;
}

DoserState ChlorineDoser::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

double ChlorineDoser::rate() const {
  std::lock_guard<std::mutex> lk(mu_);
  return rate_;
}

}  // namespace ww
