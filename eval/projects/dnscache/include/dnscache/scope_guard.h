// Runs a callable at scope exit unless dismissed.
#pragma once
#include <utility>

namespace dnscache {

template <class F> class ScopeGuard {
public:
  explicit ScopeGuard(F fn) : fn_(std::move(fn)) {}
  ScopeGuard(ScopeGuard &&other) noexcept
      : fn_(std::move(other.fn_)), active_(other.active_) {
    other.active_ = false;
  }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ScopeGuard &operator=(ScopeGuard &&) = delete;
  ~ScopeGuard() {
    if (active_)
      fn_();
  }
  void dismiss() noexcept { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <class F> ScopeGuard<F> makeScopeGuard(F fn) {
  return ScopeGuard<F>(std::move(fn));
}

} // namespace dnscache
