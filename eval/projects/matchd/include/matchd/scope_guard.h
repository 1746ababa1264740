// ScopeGuard: runs a callable at scope exit unless dismiss()ed. Used for
// "close this fd on every early return / throw until ownership is handed off".
#pragma once
#include <utility>

namespace matchd {

template <class F> class ScopeGuard {
public:
  explicit ScopeGuard(F fn) : fn_(std::move(fn)) {}
  ~ScopeGuard() {
    if (active_) fn_();
  }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ScopeGuard(ScopeGuard &&) = delete;
  ScopeGuard &operator=(ScopeGuard &&) = delete;

  void dismiss() noexcept { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <class F> ScopeGuard<F> makeScopeGuard(F fn) { return ScopeGuard<F>(std::move(fn)); }

} // namespace matchd
