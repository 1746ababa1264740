// NightlyMaintenance: the 02:00 maintenance shutdown. Operators are warned,
// the plant is quiesced (polling, watchdog, paging, dosing, pumps, consoles),
// the service window runs, and the reporter publishes the outcome. Each phase
// runs even when the one before it failed.
#include "maintenance.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "plant.h"
#include "shutdown_sequence.h"
#include "shutdown_steps.h"

namespace ww {

NightlyMaintenance::NightlyMaintenance(Plant& plant, MaintenancePlan plan)
    : plant_(plant), plan_(plan) {}

Status NightlyMaintenance::run() {
  std::shared_ptr<SessionRegistry> sessions = plant_.sessions();
  std::shared_ptr<ConsoleSession> on_duty = sessions->find(plan_.operator_session_id);
  sessions->broadcast("nightly maintenance starts now; consoles will be closed");
  std::shared_ptr<AuditLog> audit = plant_.audit();
  if (audit->is_open()) audit->append("maintenance", "nightly maintenance started");

  std::vector<std::string> errors;
  run_phase("quiesce", [this] { return quiesce(); }, errors);
  MaintenanceWindow window(plant_);
  run_phase("service window", [&window] { return window.run(); }, errors);

  MaintenanceReporter reporter(plant_, on_duty);
  reporter.publish(errors);
  return errors.empty() ? Status::Ok() : Status::Error(StatusCode::kIoError, errors.front());
}

Status NightlyMaintenance::quiesce() {
  plant_.poller()->stop();
  plant_.watchdog()->stop();
  // Paging is muted for the night: the maintenance crew is on site.
  plant_.pager()->close(); // SAME: pager_race
  plant_.doser()->halt("nightly maintenance");

  const std::vector<std::shared_ptr<PumpStation>>& stations = plant_.stations();
  ShutdownSequence seq("nightly quiesce");
  seq.add(std::make_unique<StopPumpsStep>(stations));
  seq.add("close operator consoles", [sessions = plant_.sessions()] {
    sessions->close_all("nightly maintenance");
    return Status::Ok();
  });
  SequenceReport report = seq.run();
  if (report.failed > 0) return Status::Error(StatusCode::kIoError, report.errors.front());

  // The booster station's run-hour counters restart from zero every night.
  if (plan_.booster_station >= stations.size())
    return Status::Error(StatusCode::kInvalid, "no booster station configured");
  return stations[plan_.booster_station]->reset_counters(); // BUG: use-after-close
}

void NightlyMaintenance::run_phase(const char* name, const std::function<Status()>& phase,
                                   std::vector<std::string>& errors) {
  try {
    Status st = phase();
    if (!st.ok()) errors.push_back(std::string(name) + ": " + st.ToString());
  } catch (const std::exception& e) {
    errors.push_back(std::string(name) + ": " + e.what());
  }
}

}  // namespace ww
