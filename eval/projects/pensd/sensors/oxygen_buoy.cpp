// OxygenBuoy: dissolved-oxygen probe. Its constructor adds the closing
// saturation reading of the day to the lockdown sequence (Phase::Final), so
// that the last logged value is taken once everything else has been stopped.
#include "oxygen_buoy.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

OxygenBuoy::OxygenBuoy(std::uint8_t address, std::shared_ptr<Rs485Bus> bus, ShutdownSequence& lockdown)
    : address_(address), bus_(std::move(bus)) {
  lockdown.add(Phase::Final, "o2 closing reading", [bus = bus_, address]() -> Status {
    Result<std::string> reply = bus->transact(address, "O2?");  // BUG: use-after-close
    if (!reply.ok()) return reply.status();
    std::printf("o2 closing saturation at %02X: %s%%\n", static_cast<unsigned>(address), reply.value().c_str());
    return Status::Ok();
  });
}

Result<double> OxygenBuoy::saturation() {
  Result<std::string> reply = bus_->transact(address_, "O2?");
  if (!reply.ok()) return reply.status();
  char* end = nullptr;
  const double pct = std::strtod(reply.value().c_str(), &end);
  if (end == reply.value().c_str()) return Status::Error(Errc::Invalid, "garbled o2 reply: " + reply.value());
  return pct;
}

std::uint8_t OxygenBuoy::address() const { return address_; }
