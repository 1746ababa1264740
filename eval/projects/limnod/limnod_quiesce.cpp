// Limnod: pausing a sick component, maintenance windows, and rotating the shore
// telemeter to the other mast.
#include "limnod.h"
#include "limnod_herald.h"
#include <algorithm>

void Limnod::quiesceUnhealthy() {
  auto sick = std::find_if(components_.begin(), components_.end(), [this](const auto &kv) {
    return !paused_.count(kv.first) && !kv.second->healthy();
  });
  if (sick == components_.end())
    return;
  sick->second->stop();
  paused_.insert(sick->first);
  herald().publish("limnod/paused", sick->first);
}

void Limnod::enterMaintenance() {
  if (phase_ != Phase::Running)
    return;
  phase_ = Phase::Maintenance;
  std::for_each(components_.begin(), components_.end(), [this](auto &kv) {
    if (!paused_.count(kv.first))
      kv.second->stop(); // OK: paused components were stopped when they were paused
  });
  closeTelemeterRetrying(*shoreline_); // the divers work next to the mast
  herald().publish("limnod/state", "maintenance");
}

void Limnod::leaveMaintenance() {
  if (phase_ != Phase::Maintenance)
    return;
  for (auto &kv : components_)
    if (!paused_.count(kv.first))
      kv.second->start();
  phase_ = Phase::Running;
  shoreline_->send("maintenance over, " + std::to_string(components_.size()) + " components"); // BUG: use-after-close
  herald().publish("limnod/state", "running");
}

void Limnod::rotateShoreline() {
  std::unique_ptr<ShorelineTelemeter> retired = std::move(shoreline_);
  const std::string &next =
      retired->host() == settings_.shoreHost ? settings_.shoreFallbackHost : settings_.shoreHost;
  shoreline_ = std::make_unique<ShorelineTelemeter>(next, settings_.shorePort);
  if (!shoreline_->open()) {
    shoreline_ = std::move(retired);
    return;
  }
  closeTelemeterRetrying(*retired);
  shoreline_->send("rotated from " + retired->host()); // OK: the retired telemeter was closed, not this one
}
