// DiverterController: positions the track switches over the shared fieldbus pool and
// remembers the last position it set. A faulted connection is discarded; park() retries
// once on a fresh lease.
#include "diverter.h"

#include <cstdio>

namespace tubed {

namespace {
constexpr int kParkingPort = 9;
std::uint16_t position_reg(int diverter) { return static_cast<std::uint16_t>(0x1000 + diverter); }
std::uint16_t status_reg(int diverter) { return static_cast<std::uint16_t>(0x2000 + diverter); }
}  // namespace

DiverterController::DiverterController(std::shared_ptr<FieldbusPool> bus) : bus_(std::move(bus)) {}

Status DiverterController::set_position(int diverter, int port) {
  Lease lease = bus_->acquire();
  Status s = lease->write_register(position_reg(diverter), static_cast<std::uint16_t>(port));
  if (!s.is_ok()) {
    lease.discard();
    Result<std::uint16_t> where = lease->read_register(status_reg(diverter)); // BUG: use-after-close
    std::fprintf(stderr, "tubed: diverter %d stuck at %d: %s\n", diverter, static_cast<int>(where.value_or(0xFFFF)),
                 s.to_string().c_str());
    return s;
  }
  std::lock_guard<std::mutex> lk(mu_);
  last_[diverter] = port;
  return s;
}

Result<int> DiverterController::position(int diverter) {
  Lease lease = bus_->acquire();
  Result<std::uint16_t> r = lease->read_register(status_reg(diverter));
  if (!r.ok()) {
    lease.discard();
    return r.status();
  }
  return static_cast<int>(r.value());
}

Status DiverterController::park(int diverter) {
  Lease lease = bus_->acquire();
  Status s = lease->write_register(position_reg(diverter), kParkingPort);
  if (!s.is_ok()) {
    lease.discard();
    lease = bus_->acquire();  // one retry on a fresh connection
    s = lease->write_register(position_reg(diverter), kParkingPort); // OK: the lease was replaced after discard()
  }
  if (s.is_ok()) {
    std::lock_guard<std::mutex> lk(mu_);
    last_[diverter] = kParkingPort;
  }
  return s;
}

int DiverterController::last_known(int diverter) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = last_.find(diverter);
  return it == last_.end() ? -1 : it->second;
}

}  // namespace tubed
