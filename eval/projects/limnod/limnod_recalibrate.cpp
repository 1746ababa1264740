// Limnod::reload replaces a component with a fresh one; Limnod::recalibrate stops
// a component, hands it a new calibration table and runs a check tick before
// restarting it.
#include "limnod.h"
#include "limnod_herald.h"

void Limnod::reload(const std::string &kind) {
  auto it = components_.find(kind);
  if (it == components_.end())
    return;
  it->second->stop();
  std::unique_ptr<LimnoComponent> fresh = makeLimnoComponent(kind, ctx_);
  if (!fresh) {
    paused_.insert(kind); // keep the stopped one out of the cycle
    return;
  }
  it->second = std::move(fresh);
  paused_.erase(kind);
  it->second->start();
  it->second->tick(); // OK: the stopped component was replaced by a fresh, started one
  herald().publish("limnod/reloaded", kind);
}

void Limnod::recalibrate(const std::string &kind, const std::string &table) {
  auto it = components_.find(kind);
  if (it == components_.end() || paused_.count(kind))
    return;
  LimnoComponent &component = *it->second;
  component.stop(); // the instrument must be idle while its table is loaded
  switchboard_.fire("calibration/" + kind, table);
  component.tick(); // BUG: use-after-close #recal_tick
  component.start();
  herald().publish("limnod/recalibrated", kind);
}
