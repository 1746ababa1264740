// The card deny list.
#include "deny_list.h"

namespace farecol {

std::uint64_t DenyList::apply(const std::vector<DenyDelta> &deltas) {
  std::lock_guard<std::mutex> lock(mutex_);
  bool changed = false;
  for (const DenyDelta &d : deltas) {
    if (d.add) {
      auto [it, inserted] = denied_.emplace(d.cardId, d.reason);
      if (!inserted && it->second != d.reason)
        it->second = d.reason;
      changed = changed || inserted;
    } else {
      changed = denied_.erase(d.cardId) > 0 || changed;
    }
  }
  if (changed)
    ++version_;
  return version_;
}

bool DenyList::isDenied(const std::string &cardId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return denied_.count(cardId) != 0;
}

std::string DenyList::reasonFor(const std::string &cardId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = denied_.find(cardId);
  return it == denied_.end() ? std::string() : it->second;
}

std::uint64_t DenyList::version() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return version_;
}

std::size_t DenyList::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return denied_.size();
}

std::vector<DenyDelta> DenyList::snapshot() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<DenyDelta> out;
  out.reserve(denied_.size());
  for (const auto &entry : denied_)
    out.push_back(DenyDelta{entry.first, true, entry.second});
  return out;
}

} // namespace farecol
