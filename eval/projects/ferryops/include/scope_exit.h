// ScopeExit: runs a callable when the scope ends unless dismissed. Used for
// ad-hoc cleanup where a dedicated RAII type would be overkill.
#pragma once
#include <utility>

namespace ferry {

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

  void dismiss() { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) { return ScopeExit<F>(std::move(fn)); }

} // namespace ferry
