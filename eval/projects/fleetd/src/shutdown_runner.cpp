// Runs a shutdown plan step by step, timing each step and logging failures
// without stopping: a step that fails must not keep the others from running.
#include <chrono>
#include <exception>

#include "diagnostics.h"
#include "shutdown_plan.h"

namespace fleetd {

int runShutdownPlan(const std::vector<ShutdownStep> &plan, Diagnostics &diag) {
  int failed = 0;
  for (const ShutdownStep &step : plan) {
    const auto started = std::chrono::steady_clock::now();
    try {
      step.run();
    } catch (const std::exception &e) {
      ++failed;
      diag.printf("shutdown: step %s failed: %s", step.name.c_str(), e.what());
      continue;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
    diag.printf("shutdown: %s done in %lld ms", step.name.c_str(), static_cast<long long>(ms));
  }
  return failed;
}

} // namespace fleetd
