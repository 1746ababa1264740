// scope_guard.cpp: ScopeGuard, which runs its cleanup callable from its
// destructor unless dismiss() was called. Cleanup errors are logged, never
// thrown out of the destructor.
#include "telemetry/scope_guard.h"
#include "telemetry/util.h"

#include <exception>
#include <string>
#include <utility>

namespace telemetry {

ScopeGuard::ScopeGuard(std::function<void()> onExit)
    : onExit_(std::move(onExit)) {}

ScopeGuard::~ScopeGuard() {
  if (!active_ || !onExit_)
    return;
  try {
    onExit_();
  } catch (const std::exception &e) {
    logWarn(std::string("scope guard: cleanup failed: ") + e.what());
  } catch (...) {
    logWarn("scope guard: cleanup failed");
  }
}

void ScopeGuard::dismiss() noexcept { active_ = false; }

} // namespace telemetry
