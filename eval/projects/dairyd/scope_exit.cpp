// ScopeExit: runs its callable from the destructor unless dismiss() was called. Exceptions from
// the callable are swallowed, since it runs during unwinding as often as not.
#include "scope_exit.h"

#include <utility>

ScopeExit::ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}

ScopeExit::~ScopeExit() {
    if (!active_ || !fn_) return;
    try {
        fn_();
    } catch (...) {
    }
}

void ScopeExit::dismiss() { active_ = false; }
