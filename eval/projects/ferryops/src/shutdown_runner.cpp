// Runs a shutdown plan built by buildShutdownPlan(): every step runs even if
// an earlier one throws; the outcome goes to the shutdown log, which a
// ScopeExit closes when the function returns.
#include "shutdown.h"

#include <cstdio>
#include <exception>

#include "scope_exit.h"

namespace ferry {

int runShutdownPlan(const ShutdownPlan &steps, const std::string &logPath) {
  std::FILE *log = std::fopen(logPath.c_str(), "a");
  if (log == nullptr)
    return -1;
  auto closeLog = makeScopeExit([log] { std::fclose(log); }); // SAME: runnerlog
  std::size_t failures = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    try {
      steps[i]();
    } catch (const std::exception &e) {
      ++failures;
      std::fprintf(log, "step %zu failed: %s\n", i + 1, e.what());
    }
  }
  std::fprintf(log, "shutdown finished: %zu step(s), %zu failure(s)\n", steps.size(), failures);
  const bool flushed = std::fflush(log) == 0;
  std::fclose(log);
  return flushed ? static_cast<int>(failures) : -1; // BUG: double-close #runnerlog
}

} // namespace ferry
