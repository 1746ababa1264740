// ScopeGuard<F>: runs a callable when the enclosing scope ends (normally or by
// an exception) unless dismiss() was called first.
#pragma once
#include <utility>

namespace mailq {

template <typename F> class ScopeGuard {
public:
  explicit ScopeGuard(F f) : f_(std::move(f)) {}
  ScopeGuard(ScopeGuard &&other) noexcept(noexcept(F(std::move(other.f_))))
      : f_(std::move(other.f_)), active_(other.active_) {
    other.active_ = false;
  }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ScopeGuard &operator=(ScopeGuard &&) = delete;
  ~ScopeGuard() {
    if (active_)
      f_();
  }
  void dismiss() noexcept { active_ = false; }

private:
  F f_;
  bool active_ = true;
};

template <typename F> ScopeGuard<F> makeScopeGuard(F f) {
  return ScopeGuard<F>(std::move(f));
}

} // namespace mailq
