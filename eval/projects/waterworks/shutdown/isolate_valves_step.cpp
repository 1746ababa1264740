// IsolateValvesStep: parks every valve. The valves talk over the field bus, so
// the step checks the bus first and reports instead of commanding a closed bus.
#include "shutdown_steps.h"

#include <utility>

namespace ww {

IsolateValvesStep::IsolateValvesStep(std::shared_ptr<ValveActuator> valves,
                                     std::shared_ptr<FieldbusClient> bus)
    : valves_(std::move(valves)), bus_(std::move(bus)) {}

const char* IsolateValvesStep::name() const { return "isolate valves"; }

Status IsolateValvesStep::run() {
  if (bus_->is_closed())
    return Status::Error(StatusCode::kClosed, "field bus already closed; valves not parked");
  return valves_->park_all(); // OK: the bus the valves use was checked open above
}

}  // namespace ww
