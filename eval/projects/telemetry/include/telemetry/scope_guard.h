// ScopeGuard: runs a cleanup callable when the scope ends, unless dismissed.
#pragma once
#include <functional>

namespace telemetry {

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> onExit);
  ~ScopeGuard();
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;

  /// The operation the guard would undo was committed: do not run it.
  void dismiss() noexcept;

private:
  std::function<void()> onExit_;
  bool active_ = true;
};

} // namespace telemetry
