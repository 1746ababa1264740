// GateRegistry: the terminal's table of gate links keyed by gate number.
// add/remove/find are in gate_registry.cpp; swap/forEach/shutdownAll in
// gate_registry_ops.cpp. forEach holds the registry lock while it runs the
// callback, so callbacks must not call back into the registry.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "gate_channel.h"

namespace ferry {

class GateRegistry {
public:
  GateChannel &add(GateId id, std::unique_ptr<GateChannel> channel);
  std::unique_ptr<GateChannel> remove(GateId id);
  GateChannel *find(GateId id);
  std::vector<GateId> ids() const;
  std::size_t size() const;

  std::unique_ptr<GateChannel> swap(GateId id, std::unique_ptr<GateChannel> fresh);
  void forEach(const std::function<void(GateId, GateChannel &)> &fn);
  void shutdownAll();
  std::size_t pruneClosed();

private:
  std::unordered_map<GateId, std::unique_ptr<GateChannel>> gates_;
  mutable std::mutex mu_;
};

} // namespace ferry
