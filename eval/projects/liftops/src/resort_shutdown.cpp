// Resort::shutdown(): the end-of-day order. Each step runs under runStep(),
// which logs a failure and goes on with the next step. The monitor and the
// gates stop before the radios and dispatch close; the nightly report closes
// the sales ledger (SalesTerminal::endOfDay) before the "ledger" step closes
// it again, and the crew pool stops before the report is archived on it.
#include <cstdio>
#include <exception>

#include "resort.h"
#include "shutdown.h"

namespace liftops {

Resort::~Resort() {
  shutdown(); // OK: returns at once after an explicit shutdown()
}

void Resort::runStep(const char *name, const std::function<void()> &step) {
  try {
    step();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "shutdown step '%s' failed: %s\n", name, e.what());
  }
}

void Resort::shutdown() {
  if (shutDown_)
    return;
  shutDown_ = true;
  runStep("monitor", [this] { monitor_->stop(); });
  runStep("gates", [this] {
    for (auto &gate : gates_)
      gate->stop();
  });
  runStep("avalanche", [this] {
    telemetry_->finishMission(); // OK: a no-op when BlastLog already finished the mission
  });
  runStep("comms", [this] { quietComms(*this); });
  runStep("dispatch", [this] { dispatch_->close(); });
  runStep("lifts", [this] { stopLifts(*this); });
  runStep("report", [this] {
    report_->setWeatherSummary(weather_.summary());
    Status st = report_->run(today());
    if (!st.isOk())
      std::fprintf(stderr, "nightly report: %s\n", st.describe().c_str());
  });
  runStep("ledger", [this] { ledger_->close(); }); // BUG: double-close
  runStep("pool", [this] { pool_->stop(); });
  runStep("archive", [this] { report_->archiveAsync(today()); }); // BUG: use-after-close #archive-pool
  runStep("audit", [this] { validator_->closeAudit(); });
}

} // namespace liftops
