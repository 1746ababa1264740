// ScopeExit: runs a callable when the enclosing scope ends (unless dismissed).
#pragma once

#include <utility>

template <typename F>
class ScopeExit {
public:
    explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
    ScopeExit(ScopeExit&& other) noexcept : fn_(std::move(other.fn_)), active_(other.active_) {
        other.active_ = false;
    }
    ScopeExit(const ScopeExit&) = delete;
    ScopeExit& operator=(const ScopeExit&) = delete;
    ScopeExit& operator=(ScopeExit&&) = delete;

    ~ScopeExit() {
        if (active_) fn_();
    }

    void dismiss() noexcept { active_ = false; }

private:
    F fn_;
    bool active_ = true;
};

template <typename F>
ScopeExit<F> makeScopeExit(F fn) {
    return ScopeExit<F>(std::move(fn));
}
