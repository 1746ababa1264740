// TemperatureBuoy: sea-temperature string. Its constructor adds the closing
// temperature profile to the lockdown sequence in Phase::Drain, the first
// phase, while the bus is still open (ReleaseBusStep runs in Phase::Release).
// celsius() checks released() before each exchange; the bus is released only
// by the lockdown, on the thread that also makes the day's spot readings, and
// after the worker pool (which runs the spot-check jobs) was shut down in Drain.
// Nothing here uses the bus after it is released.
#include "temp_buoy.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

TemperatureBuoy::TemperatureBuoy(std::uint8_t address, std::shared_ptr<Rs485Bus> bus, ShutdownSequence& lockdown)
    : address_(address), bus_(std::move(bus)), last_surface_(0.0) {
  lockdown.add(Phase::Drain, "temperature closing profile", [bus = bus_, address]() -> Status {
    for (int depth : {0, 5, 15}) {
      Result<std::string> reply = bus->transact(address, "T?" + std::to_string(depth));  // OK: Drain runs before Release
      if (!reply.ok()) return reply.status();
      std::printf("closing temperature %d m: %s C\n", depth, reply.value().c_str());
    }
    return Status::Ok();
  });
}

Result<double> TemperatureBuoy::celsius(int depth_m) {
  if (bus_->released()) return Status::Error(Errc::Closed, "rs485 bus released");
  Result<std::string> reply = bus_->transact(address_, "T?" + std::to_string(depth_m));  // OK: released() checked just above
  if (!reply.ok()) return reply.status();
  char* end = nullptr;
  const double c = std::strtod(reply.value().c_str(), &end);
  if (end == reply.value().c_str()) return Status::Error(Errc::Invalid, "garbled temperature reply");
  if (depth_m == 0) last_surface_ = c;
  return c;
}

std::uint8_t TemperatureBuoy::address() const { return address_; }

double TemperatureBuoy::last_surface() const { return last_surface_; }
