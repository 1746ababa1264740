// ReservoirTelemetry: one register read per reservoir (level in cm). Each
// reading goes to the historian's sample queue and out as a level event.
#include "reservoir_telemetry.h"

#include <utility>

namespace ww {

ReservoirTelemetry::ReservoirTelemetry(std::shared_ptr<FieldbusClient> bus,
                                       std::shared_ptr<BoundedQueue<Sample>> samples,
                                       std::shared_ptr<EventDispatcher> events,
                                       std::vector<ReservoirConfig> reservoirs)
    : bus_(std::move(bus)),
      samples_(std::move(samples)),
      events_(std::move(events)),
      reservoirs_(std::move(reservoirs)) {}

Status ReservoirTelemetry::poll_once() {
  if (bus_->is_closed()) return Status::Error(StatusCode::kClosed, "fieldbus closed");
  Status first = Status::Ok();
  for (const ReservoirConfig& r : reservoirs_) {
    Result<std::vector<std::uint16_t>> regs = bus_->read_registers(r.unit, r.level_register, 1); // OK: is_closed() checked above; pollers are stopped before the bus is disconnected
    if (!regs.ok() || regs.value().empty()) {
      if (first.ok()) first = regs.ok() ? Status::Error(StatusCode::kInvalid, "empty reply") : regs.status();
      continue;
    }
    const double level_m = regs.value().front() / 100.0;
    {
      std::lock_guard<std::mutex> lk(mu_);
      levels_[r.name] = level_m;
    }
    samples_->push(Sample{wall_clock_ms(), r.name + ".level_m", level_m}); // SAME: final_poll
    events_->publish(Event{"reservoir.level", r.name, level_m, ""});
  }
  return first;
}

std::optional<double> ReservoirTelemetry::last_level(const std::string& name) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = levels_.find(name);
  if (it == levels_.end()) return std::nullopt;
  return it->second;
}

std::map<std::string, double> ReservoirTelemetry::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  return levels_;
}

}  // namespace ww
