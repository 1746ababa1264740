// Runs a callable when the enclosing scope ends, unless dismiss() was called first.
// Used for "close this descriptor / FILE* on every path out of the function".
#pragma once
#include <utility>

namespace printfarm {

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

} // namespace printfarm
