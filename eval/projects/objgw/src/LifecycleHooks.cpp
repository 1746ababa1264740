// LifecycleHooks: callback registry.
#include "objgw/LifecycleHooks.h"

#include <algorithm>
#include <cstdio>
#include <exception>

namespace objgw {

LifecycleHooks::Handle LifecycleHooks::on(HookKind kind, Callback cb) {
  std::lock_guard<std::mutex> lk(mu_);
  const Handle handle = next_++;
  entries_.push_back(Entry{handle, kind, std::move(cb)});
  return handle;
}

void LifecycleHooks::off(Handle handle) {
  std::lock_guard<std::mutex> lk(mu_);
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [handle](const Entry &e) { return e.handle == handle; }),
                 entries_.end());
}

void LifecycleHooks::fire(HookKind kind, const HookEvent &event) const {
  std::vector<Callback> toRun;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const Entry &e : entries_) {
      if (e.kind == kind)
        toRun.push_back(e.cb);
    }
  }
  // A failing callback must not break the component that fires the hook.
  for (const Callback &cb : toRun) {
    try {
      cb(event);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "objgw: hook callback failed: %s\n", e.what());
    }
  }
}

std::size_t LifecycleHooks::count(HookKind kind) const {
  std::lock_guard<std::mutex> lk(mu_);
  return static_cast<std::size_t>(
      std::count_if(entries_.begin(), entries_.end(), [kind](const Entry &e) { return e.kind == kind; }));
}

} // namespace objgw
