// ScopeExit: runs its callable once, when it goes out of scope, unless dismissed.
#include "scope_exit.h"

#include <utility>

ScopeExit::ScopeExit(std::function<void()> fn) : fn_(std::move(fn)), active_(true) {}

ScopeExit::~ScopeExit() {
  if (active_ && fn_) fn_();
}

void ScopeExit::dismiss() noexcept { active_ = false; }

bool ScopeExit::active() const noexcept { return active_; }
