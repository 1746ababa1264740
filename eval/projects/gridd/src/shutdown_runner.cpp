// Runs the shutdown stages in order; a stage that throws is reported and
// the remaining stages still run.
#include <exception>
#include <utility>

#include "clock.h"
#include "shutdown_plan.h"

std::vector<StageReport> runShutdownPlan(const std::vector<ShutdownStage> &plan) {
  std::vector<StageReport> reports;
  reports.reserve(plan.size());
  for (const ShutdownStage &stage : plan) {
    StageReport report;
    report.name = stage.name;
    const std::int64_t started = monotonicMillis();
    try {
      if (stage.run)
        stage.run();
    } catch (const std::exception &e) {
      report.ok = false;
      report.error = e.what();
    }
    report.millis = monotonicMillis() - started;
    reports.push_back(std::move(report));
  }
  return reports;
}
