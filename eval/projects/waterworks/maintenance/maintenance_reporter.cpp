// MaintenanceReporter: after the service window, the outcome goes to the audit
// trail (a new file for the new day), to the on-duty operator's console, to
// the historian, and the morning follow-up checks are queued on the workers.
#include "maintenance.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "plant.h"

namespace ww {

MaintenanceReporter::MaintenanceReporter(Plant& plant, std::shared_ptr<ConsoleSession> on_duty)
    : plant_(plant), on_duty_(std::move(on_duty)) {}

void MaintenanceReporter::publish(const std::vector<std::string>& errors) {
  const std::vector<std::pair<const char*, std::function<Status()>>> parts = {
      {"audit summary", [&] { return write_audit_summary(errors); }},
      {"operator notice", [&] { return notify_operator(errors); }},
      {"historian record", [&] { return record_summary(errors.size()); }},
      {"follow-ups", [&] { return schedule_followups(); }},
  };
  for (const auto& part : parts) {
    try {
      Status st = part.second();
      if (!st.ok()) std::fprintf(stderr, "maintenance report (%s): %s\n", part.first, st.ToString().c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "maintenance report (%s): %s\n", part.first, e.what());
    }
  }
}

Status MaintenanceReporter::write_audit_summary(const std::vector<std::string>& errors) {
  std::shared_ptr<AuditLog> audit = plant_.audit();
  audit->rotate();  // the new day starts a new audit file
  audit->append("maintenance", "nightly maintenance finished, " + std::to_string(errors.size()) + " error(s)"); // BUG: use-after-close
  for (const std::string& e : errors) audit->append("maintenance", e); // OK: reached only when the append above did not throw
  return Status::Ok();
}

Status MaintenanceReporter::notify_operator(const std::vector<std::string>& errors) {
  if (!on_duty_) return Status::Ok();  // nobody was logged in on the duty console
  std::string text = "nightly maintenance completed";
  if (!errors.empty()) text += " with " + std::to_string(errors.size()) + " error(s)";
  on_duty_->send_line(text); // BUG: use-after-close
  return Status::Ok();
}

Status MaintenanceReporter::record_summary(std::size_t error_count) {
  plant_.historian()->record(Sample{wall_clock_ms(), "maintenance.errors", static_cast<double>(error_count)}); // BUG: use-after-close
  return Status::Ok();
}

Status MaintenanceReporter::schedule_followups() {
  std::shared_ptr<ThreadPool> pool = plant_.pool();
  std::shared_ptr<AuditLog> audit = plant_.audit();
  std::function<void()> followup = [audit] {
    if (audit->is_open()) audit->append("maintenance", "morning follow-up checks started");
  };
  pool->submit(std::move(followup)); // BUG: use-after-close
  return Status::Ok();
}

}  // namespace ww
