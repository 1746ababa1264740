// ScopeGuard: runs a cleanup at scope exit unless dismiss() was called.
// No markers here.
#pragma once
#include <functional>
#include <utility>

namespace gateway {

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> cleanup) : cleanup_(std::move(cleanup)) {}
  ~ScopeGuard() {
    if (active_)
      cleanup_();
  }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;

  void dismiss() noexcept { active_ = false; }

private:
  std::function<void()> cleanup_;
  bool active_ = true;
};

} // namespace gateway
