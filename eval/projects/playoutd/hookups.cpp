// HookPanel: "item aired" hooks stored as std::function slots keyed by the id
// connect() returns; fire() calls a snapshot of them in id order. Holds no
// handles of its own.
#include "hookups.h"

#include <utility>
#include <vector>

int HookPanel::connect(Hook hook) {
  std::lock_guard<std::mutex> lock(mu_);
  const int id = next_++;
  hooks_.emplace(id, std::move(hook));
  return id;
}

void HookPanel::disconnect(int id) {
  std::lock_guard<std::mutex> lock(mu_);
  hooks_.erase(id);
}

void HookPanel::fire(const std::string &item, std::chrono::seconds length) {
  std::vector<Hook> snapshot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    snapshot.reserve(hooks_.size());
    for (const auto &entry : hooks_)
      snapshot.push_back(entry.second);
  }
  for (const Hook &hook : snapshot)
    hook(item, length);
}
