// Scope guard: runs a callable when the enclosing scope ends, unless
// dismiss() was called. Used for cleanup on early-return paths.
#pragma once
#include <utility>

template <typename F>
class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (active_)
      fn_();
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
