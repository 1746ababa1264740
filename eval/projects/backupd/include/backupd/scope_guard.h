// ScopeGuard: runs a callable when the scope ends, unless dismissed.
#pragma once
#include <utility>

namespace backupd {

template <typename F>
class ScopeGuard {
public:
  explicit ScopeGuard(F fn) : fn_(std::move(fn)) {}
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ~ScopeGuard() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

} // namespace backupd
