// BlowerController: the blowers that move carriers, commanded over the shared fieldbus
// pool. Every command borrows a connection for its duration; a connection that fails is
// discarded rather than returned.
#include "blower.h"

#include <algorithm>

namespace tubed {

namespace {
constexpr std::uint16_t kSpeedBase = 0x0100;
constexpr std::uint16_t kPurgeBase = 0x0200;
constexpr std::uint16_t kEmergencyStop = 0x00FF;
}  // namespace

BlowerController::BlowerController(std::shared_ptr<FieldbusPool> bus, int blowers)
    : bus_(std::move(bus)), blowers_(blowers) {}

Status BlowerController::set_speed(int blower, int rpm) {
  if (blower < 0 || blower >= blowers_) return Status::error(Code::Invalid, "no such blower");
  Lease lease = bus_->acquire();
  const auto value = static_cast<std::uint16_t>(std::clamp(rpm, 0, 3600));
  Status s = lease->write_register(static_cast<std::uint16_t>(kSpeedBase + blower), value);
  if (!s.is_ok()) {
    lease.discard();
    return s;
  }
  if (value > 0) running_.store(std::max(running_.load(), blower + 1));
  return s;
}

Status BlowerController::spin_down() {
  Lease lease = bus_->acquire(); // SAME: blower_spin
  for (int b = 0; b < blowers_; ++b) {
    Status s = lease->write_register(static_cast<std::uint16_t>(kSpeedBase + b), 0);
    if (!s.is_ok()) {
      lease.discard();
      return s;
    }
  }
  running_ = 0;
  return Status::ok();
}

Status BlowerController::emergency_stop() {
  if (!bus_->accepting()) return Status::error(Code::Closed, "fieldbus down; blowers are unpowered");
  Lease lease = bus_->acquire(); // OK: accepting() checked; the pool is shut only by the control thread, which is the caller
  Status s = lease->write_register(kEmergencyStop, 1);
  if (!s.is_ok()) lease.discard();
  running_ = 0;
  return s;
}

Status BlowerController::purge(int zone) {
  Lease lease = bus_->acquire();
  const auto reg = static_cast<std::uint16_t>(kPurgeBase + zone);
  Status s = lease->write_register(reg, 1);
  if (!s.is_ok()) {
    lease->close();  // drop the faulted socket right away
    lease.discard(); // BUG: double-close #lease_discard
    return s;
  }
  return lease->write_register(reg, 0);
}

int BlowerController::running() const { return running_.load(); }

}  // namespace tubed
