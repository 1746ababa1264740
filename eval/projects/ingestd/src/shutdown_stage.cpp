// runShutdownStage: keeps the shutdown going when one stage fails.
#include "ingestd/shutdown_stage.h"
#include "ingestd/log_file.h"

#include <chrono>
#include <exception>

namespace ingestd {

bool runShutdownStage(LogFile &log, const char *name, const std::function<void()> &stage) {
  const auto begin = std::chrono::steady_clock::now();
  log.info("shutdown: %s", name);
  try {
    stage();
  } catch (const std::exception &e) {
    log.warn("shutdown stage '%s' failed: %s", name, e.what());
    return false;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - begin)
                      .count();
  log.info("shutdown: %s done in %lld ms", name, static_cast<long long>(ms));
  return true;
}

} // namespace ingestd
