// Runs a callable when the scope ends unless dismissed.
#pragma once
#include <utility>

template <class F> class LimnoScopeExit {
public:
  explicit LimnoScopeExit(F fn) : fn_(std::move(fn)) {}
  LimnoScopeExit(LimnoScopeExit &&other) noexcept
      : fn_(std::move(other.fn_)), armed_(other.armed_) {
    other.armed_ = false;
  }
  LimnoScopeExit(const LimnoScopeExit &) = delete;
  LimnoScopeExit &operator=(const LimnoScopeExit &) = delete;
  ~LimnoScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

template <class F> LimnoScopeExit<F> makeLimnoScopeExit(F fn) {
  return LimnoScopeExit<F>(std::move(fn));
}
