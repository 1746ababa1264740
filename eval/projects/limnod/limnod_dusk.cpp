// Limnod::shutdown in stages: last gauges, stop the components, close the shore
// telemeter, close the herald. Runs once (phase_ becomes Down).
#include "limnod.h"
#include "limnod_faults.h"
#include "limnod_gauger.h"
#include "limnod_herald.h"
#include <algorithm>

void Limnod::shutdown() {
  if (phase_ == Phase::Down)
    return;
  stopRequested_.store(true);
  stageFlushGauger();
  stageStopComponents();
  stageCloseShoreline();
  stageCloseHerald();
  phase_ = Phase::Down;
}

void Limnod::stageFlushGauger() {
  // the last gauges go out while every component is still up
  LimnoGauger &gauger = LimnoGauger::instance();
  gauger.gauge("components", static_cast<double>(components_.size()));
  gauger.gauge("paused", static_cast<double>(paused_.size()));
  gauger.gauge("faults", static_cast<double>(limnoFaults().faults()));
  gauger.close();
}

void Limnod::stageStopComponents() {
  if (telecommand_)
    telecommand_->stop();
  const bool allStopped = phase_ == Phase::Maintenance;
  std::for_each(components_.begin(), components_.end(), [&](auto &kv) {
    if (allStopped || paused_.count(kv.first))
      return;
    kv.second->stop(); // OK: components stopped by maintenance or quiesce are skipped
    LimnoGauger::instance().count("stopped." + kv.first); // BUG: use-after-close
  });
  corral_.drainIdle();
  errands_.drain();
  switchboard_.fire("limnod/dusk", "components stopped");
}

void Limnod::stageCloseShoreline() {
  if (!shoreline_)
    return;
  if (shoreline_->isOpen())
    shoreline_->send("limnod going dark"); // OK: maintenance or a fault may have closed it
  closeTelemeterRetrying(*shoreline_); // OK: closing a closed telemeter is a no-op
}

void Limnod::stageCloseHerald() {
  herald().publish("limnod/state", "dusk");
  herald().close();
}
