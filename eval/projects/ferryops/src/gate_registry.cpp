// GateRegistry basics: add (shutting down a stale link under the same
// number before it is replaced), remove (hands ownership to the caller),
// find and listing. The registry never uses a link after replacing it.
#include "gate_registry.h"

#include <algorithm>
#include <utility>

namespace ferry {

GateChannel &GateRegistry::add(GateId id, std::unique_ptr<GateChannel> channel) {
  std::lock_guard<std::mutex> lk(mu_);
  std::unique_ptr<GateChannel> &slot = gates_[id];
  if (slot)
    slot->shutdown();
  slot = std::move(channel);
  return *slot;
}

std::unique_ptr<GateChannel> GateRegistry::remove(GateId id) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = gates_.find(id);
  if (it == gates_.end())
    return nullptr;
  std::unique_ptr<GateChannel> out = std::move(it->second);
  gates_.erase(it);
  return out;
}

GateChannel *GateRegistry::find(GateId id) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = gates_.find(id);
  return it == gates_.end() ? nullptr : it->second.get();
}

std::vector<GateId> GateRegistry::ids() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<GateId> out;
  out.reserve(gates_.size());
  for (const auto &entry : gates_)
    out.push_back(entry.first);
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t GateRegistry::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return gates_.size();
}

} // namespace ferry
