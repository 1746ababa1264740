// runStep(): one logged, timed, exception-safe shutdown step.
#include "kvlog/shutdown_steps.h"
#include "kvlog/log.h"

#include <chrono>
#include <exception>

namespace kvlog {

void runStep(const std::string &name, const std::function<void()> &step) {
  const auto begin = std::chrono::steady_clock::now();
  logInfo("shutdown: %s", name.c_str());
  try {
    step();
  } catch (const std::exception &e) {
    logError("shutdown: step \"%s\" failed: %s", name.c_str(), e.what());
  } catch (...) {
    logError("shutdown: step \"%s\" failed", name.c_str());
  }
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin);
  logInfo("shutdown: %s took %lld ms", name.c_str(), static_cast<long long>(ms.count()));
}

} // namespace kvlog
