// ScopeExit: runs its callback when the scope that owns it ends.
#include "scope_exit.h"

#include <utility>

namespace ww {

ScopeExit::ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}

ScopeExit::~ScopeExit() {
  if (!active_ || !fn_) return;
  try {
    fn_();
  } catch (...) {
    // a cleanup callback must not throw out of a destructor
  }
}

void ScopeExit::dismiss() { active_ = false; }

}  // namespace ww
