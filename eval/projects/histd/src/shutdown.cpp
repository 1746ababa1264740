// The shutdown sequence of the historian, one named step per component.
#include "shutdown.h"

#include "historian.h"
#include "log.h"

#include <chrono>
#include <limits>

namespace histd {

std::vector<ShutdownStep> buildShutdownSteps(Historian &h) {
  return {
      {"stop polling", [&h] { h.poll_->stop(); }},
      {"stop exports", [&h] { h.queries_->stop(); }},
      {"close alarm producer",
       [&h] {
         h.alarms_->flush();
         h.alarms_->close();
       }},
      {"stop ingest", [&h] { h.ingest_->stop(); }},
      {"stop compactor", [&h] { h.compactor_->requestStop(); }},
      {"close segment store", [&h] { h.store_->close(); }},
      {"flush held alarms",
       [&h] { h.evaluator_.flushPending(std::numeric_limits<int64_t>::max()); }}, // BUG: use-after-close #late-alarm-flush
      {"close upstream", [&h] { h.upstream_->close(); }}, // OK
      {"close spill journal", [&h] { h.spill_->close(); }},
      {"release PLC links", [&h] { h.table_.closeAll(); }},
      {"stop housekeeping", [&h] { h.housekeeping_.shutdown(); }},
      {"close event log", [&h] { h.events_->close(); }},
      {"join background threads",
       [&h] {
         h.compactor_->join();
         h.recordEvent("stopped"); // BUG: use-after-close #event-log-closed
       }},
  };
}

void runShutdown(const std::vector<ShutdownStep> &steps) {
  for (const ShutdownStep &step : steps) {
    const auto started = std::chrono::steady_clock::now();
    try {
      step.run();
    } catch (const std::exception &e) {
      log::error("shutdown: step '%s' failed: %s", step.name.c_str(), e.what());
      continue;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
    log::info("shutdown: %s (%lld ms)", step.name.c_str(), static_cast<long long>(ms));
  }
}

} // namespace histd
