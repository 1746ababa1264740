// Nightly maintenance shutdown: quiesce the plant, run the service window,
// then report to the on-duty operator and the audit trail.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "console_session.h"
#include "status.h"

namespace ww {

class Plant;

struct MaintenancePlan {
  int operator_session_id = 0;
  std::size_t booster_station = 0;
};

class MaintenanceWindow {
 public:
  explicit MaintenanceWindow(Plant& plant);
  // Runs every stage; a stage that fails or throws does not stop the others.
  Status run();

 private:
  Status archive_history();
  Status isolate_scada();
  Status isolate_field();

  Plant& plant_;
};

class MaintenanceReporter {
 public:
  MaintenanceReporter(Plant& plant, std::shared_ptr<ConsoleSession> on_duty);
  // Every part of the report is attempted; failures go to stderr.
  void publish(const std::vector<std::string>& errors);

 private:
  Status write_audit_summary(const std::vector<std::string>& errors);
  Status notify_operator(const std::vector<std::string>& errors);
  Status record_summary(std::size_t error_count);
  Status schedule_followups();

  Plant& plant_;
  std::shared_ptr<ConsoleSession> on_duty_;
};

class NightlyMaintenance {
 public:
  NightlyMaintenance(Plant& plant, MaintenancePlan plan);
  Status run();

 private:
  Status quiesce();
  static void run_phase(const char* name, const std::function<Status()>& phase,
                        std::vector<std::string>& errors);

  Plant& plant_;
  MaintenancePlan plan_;
};

}  // namespace ww
