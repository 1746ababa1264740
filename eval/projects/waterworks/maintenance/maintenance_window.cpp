// MaintenanceWindow: the service window of the nightly maintenance. History is
// archived and the workers drained, the SCADA uplink and the field bus are
// taken down. Every stage is attempted even when an earlier one failed.
#include "maintenance.h"

#include <cstdio>
#include <exception>
#include <string>
#include <utility>

#include "plant.h"
#include "shutdown_sequence.h"
#include "shutdown_steps.h"

namespace ww {

MaintenanceWindow::MaintenanceWindow(Plant& plant) : plant_(plant) {}

Status MaintenanceWindow::run() {
  using Stage = Status (MaintenanceWindow::*)();
  const std::pair<const char*, Stage> stages[] = {
      {"archive history", &MaintenanceWindow::archive_history},
      {"isolate scada", &MaintenanceWindow::isolate_scada},
      {"isolate field", &MaintenanceWindow::isolate_field},
  };
  Status first = Status::Ok();
  for (const auto& stage : stages) {
    Status st = Status::Ok();
    try {
      st = (this->*stage.second)();
    } catch (const std::exception& e) {
      st = Status::Error(StatusCode::kIoError, e.what());
    }
    if (!st.ok()) {
      std::fprintf(stderr, "maintenance stage %s: %s\n", stage.first, st.ToString().c_str());
      if (first.ok()) first = st;
    }
  }
  return first;
}

Status MaintenanceWindow::archive_history() {
  ShutdownSequence seq("archive history");
  seq.add(std::make_unique<FlushHistorianStep>(plant_.historian()));
  seq.add(std::make_unique<DrainWorkersStep>(plant_.pool()));
  SequenceReport report = seq.run();
  if (report.failed > 0) return Status::Error(StatusCode::kIoError, report.errors.front());

  // One last reading of every reservoir, so the morning shift starts from known levels.
  return plant_.reservoirs()->poll_once(); // BUG: use-after-close #final_poll
}

Status MaintenanceWindow::isolate_scada() {
  std::shared_ptr<ScadaUplink> uplink = plant_.uplink();
  if (uplink->connected()) (void)uplink->forward(Event{"scada", "maintenance", 0.0, "plant entering maintenance"}); // OK: connected() checked first
  uplink->disconnect();
  plant_.events()->publish(Event{"station", "maintenance", 0.0, "all stations offline for maintenance"}); // BUG: use-after-close #uplink_cb
  return Status::Ok();
}

Status MaintenanceWindow::isolate_field() {
  std::shared_ptr<FieldbusClient> bus = plant_.bus();
  if (bus->is_closed()) return Status::Error(StatusCode::kClosed, "field bus already closed");
  bus->disconnect();
  std::shared_ptr<AuditLog> audit = plant_.audit();
  if (audit->is_open()) audit->append("maintenance", "field bus down after " + std::to_string(bus->reconnects()) + " reconnect(s)"); // OK: reconnects() only reads a counter, valid after disconnect()

  // Valves rest in their parked position overnight.
  return plant_.valves()->park_all(); // BUG: use-after-close #park_after_disconnect
}

}  // namespace ww
