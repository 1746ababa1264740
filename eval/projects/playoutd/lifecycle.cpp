// LifecycleRoll: the air chain's named components. stopAll() stops them in
// reverse order of enrolment and keeps going if one of them throws. Holds
// no handles of its own.
#include "lifecycle.h"

#include <cstdio>
#include <exception>

void LifecycleRoll::enrol(std::string name, Stoppable *component) {
  entries_.emplace_back(std::move(name), component);
}

void LifecycleRoll::stopAll() {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    try {
      it->second->stop();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "lifecycle: stopping %s: %s\n", it->first.c_str(),
                   e.what());
    }
  }
}

Stoppable *LifecycleRoll::find(const std::string &name) const {
  for (const auto &entry : entries_)
    if (entry.first == name)
      return entry.second;
  return nullptr;
}

std::vector<std::string> LifecycleRoll::names() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const auto &entry : entries_)
    out.push_back(entry.first);
  return out;
}
