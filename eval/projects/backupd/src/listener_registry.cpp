// ListenerRegistry: see listener_registry.h.
#include "backupd/listener_registry.h"

#include <vector>

namespace backupd {

int ListenerRegistry::add(Listener listener) {
  std::lock_guard<std::mutex> lock(mu_);
  const int id = nextId_++;
  listeners_.emplace(id, std::move(listener));
  return id;
}

void ListenerRegistry::remove(int id) {
  std::lock_guard<std::mutex> lock(mu_);
  listeners_.erase(id);
}

void ListenerRegistry::fire(const ProgressEvent &event) const {
  std::vector<Listener> snapshot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    snapshot.reserve(listeners_.size());
    for (const auto &entry : listeners_)
      snapshot.push_back(entry.second);
  }
  for (const Listener &listener : snapshot)
    listener(event);
}

} // namespace backupd
