// Runs the shutdown plan: each step is timed, and a step that throws is
// logged so the remaining steps still run.
#include "shutdown.h"

#include <chrono>
#include <cstdio>
#include <exception>

namespace toll {

void runShutdown(const std::vector<ShutdownStep> &steps) {
  for (const ShutdownStep &step : steps) {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      step.run();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "shutdown: step '%s' failed: %s\n", step.name.c_str(), e.what());
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "shutdown: %s (%lld ms)\n", step.name.c_str(), static_cast<long long>(ms));
  }
}

} // namespace toll
