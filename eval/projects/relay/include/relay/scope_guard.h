// A scope guard: runs its callable when the scope ends, unless dismissed.
#pragma once
#include <utility>

namespace relay {

template <class F> class ScopeGuard {
public:
  explicit ScopeGuard(F fn) : fn_(std::move(fn)) {}
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ~ScopeGuard() {
    if (armed_)
      fn_();
  }
  void dismiss() noexcept { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

template <class F> ScopeGuard<F> makeScopeGuard(F fn) { return ScopeGuard<F>(std::move(fn)); }

} // namespace relay
