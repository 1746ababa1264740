// DisconnectFieldbusStep: commands the safety PLC into safe mode and then
// disconnects the field bus. A bus that is already closed is left alone; if
// the safe-mode write throws, the disconnect in the try block has not run yet,
// so the one in the handler is the first.
#include "shutdown_steps.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "registers.h"

namespace ww {

DisconnectFieldbusStep::DisconnectFieldbusStep(std::shared_ptr<FieldbusClient> bus,
                                               std::uint8_t safety_unit)
    : bus_(std::move(bus)), safety_unit_(safety_unit) {}

const char* DisconnectFieldbusStep::name() const { return "disconnect field bus"; }

Status DisconnectFieldbusStep::run() {
  if (bus_->is_closed()) return Status::Ok();
  Status safe = Status::Ok();
  try {
    safe = bus_->write_register(safety_unit_, kSafeModeRegister, 1); // OK: is_closed() checked above
    bus_->disconnect();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "safe-mode command failed: %s\n", e.what());
    bus_->disconnect(); // OK: only reached when the write threw, before the disconnect in the try
    return Status::Error(StatusCode::kIoError, e.what());
  }
  return safe;
}

}  // namespace ww
