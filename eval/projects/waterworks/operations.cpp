// Operations procedures: isolating the plant for repair, retiring the field
// bus, moving to a new field-bus gateway and commissioning a repaired station.
// The procedures that take the bus down stop the poller and the watchdog first.
#include "operations.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>

#include "file_handle.h"
#include "plant.h"
#include "registers.h"
#include "shutdown_sequence.h"
#include "shutdown_steps.h"

namespace ww {

namespace {

// Leaves a marker next to the historian files; throws when it cannot.
void write_retirement_note(const std::string& path) {
  FileHandle note(path, "w");
  if (!note.is_open()) throw std::runtime_error("cannot write " + path);
  Status st = note.write_line("field bus retired at " + std::to_string(wall_clock_ms()));
  if (!st.ok()) throw std::runtime_error(path + ": " + st.message());
}

}  // namespace

Status safe_isolate(Plant& plant) {
  plant.poller()->stop();
  plant.watchdog()->stop();
  ShutdownSequence seq("safe isolate");
  seq.add(std::make_unique<StopPumpsStep>(plant.stations()));
  seq.add(std::make_unique<IsolateValvesStep>(plant.valves(), plant.bus()));
  seq.add(std::make_unique<DisconnectFieldbusStep>(plant.bus(), plant.config().safety_unit));
  SequenceReport report = seq.run();
  for (const std::string& err : report.errors) std::fprintf(stderr, "safe isolate: %s\n", err.c_str());
  plant.bus()->disconnect(); // BUG: double-close
  std::shared_ptr<AuditLog> audit = plant.audit();
  if (audit->is_open()) audit->append("operations", "plant isolated for repair");
  return report.failed == 0 ? Status::Ok() : Status::Error(StatusCode::kIoError, report.errors.front());
}

Status retire_bus(Plant& plant) {
  plant.poller()->stop();
  plant.watchdog()->stop();
  std::shared_ptr<FieldbusClient> bus = plant.bus();
  if (bus->is_closed()) return Status::Ok();
  try {
    (void)bus->write_register(plant.config().safety_unit, kSafeModeRegister, 1);
    bus->disconnect();
    write_retirement_note(plant.config().historian_dir + "/fieldbus.retired");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "retire_bus: %s\n", e.what());
    bus->disconnect(); // BUG: double-close
    return Status::Error(StatusCode::kIoError, e.what());
  }
  return Status::Ok();
}

Status switch_fieldbus_gateway(Plant& plant, const std::string& host, std::uint16_t port) {
  std::shared_ptr<FieldbusClient> old_bus = plant.bus();
  std::shared_ptr<ValveActuator> valves = plant.valves();
  plant.poller()->stop();
  plant.watchdog()->stop();
  if (!old_bus->is_closed()) {
    (void)valves->park_all(); // OK: the old bus is still open here
    old_bus->disconnect();
  }

  auto fresh = std::make_shared<FieldbusClient>(host, port);
  Status st = fresh->connect();
  if (!st.ok()) return st;
  plant.replace_bus(fresh);
  st = plant.bus()->write_register(plant.config().safety_unit, kSafeModeRegister, 0); // OK: bus() returns the fresh client
  if (!st.ok()) return st;
  for (const std::shared_ptr<PumpStation>& station : plant.stations()) (void)station->bring_online();
  plant.watchdog()->start();
  plant.poller()->start();

  // Reopen the inlet valve once traffic runs over the new gateway.
  return valves->open_valve(kInletValve, 100); // BUG: use-after-close #stale_bus
}

Status commission_station(Plant& plant, std::size_t index, std::uint16_t rpm) {
  const std::vector<std::shared_ptr<PumpStation>>& stations = plant.stations();
  if (index >= stations.size()) return Status::Error(StatusCode::kInvalid, "no such station");
  if (plant.bus()->is_closed()) return Status::Error(StatusCode::kClosed, "field bus is down");
  std::shared_ptr<PumpStation> station = stations[index];
  if (!station->online()) {
    Status st = station->bring_online();
    if (!st.ok()) return st;
  }
  Status st = station->start_pump(0); // OK: the station was brought online above
  if (!st.ok()) {
    (void)station->take_offline();
    return st;
  }
  return station->set_speed(0, rpm); // OK: the take_offline() above is on a path that returned
}

}  // namespace ww
