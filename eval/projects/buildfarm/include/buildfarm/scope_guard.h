// Scope guards used around job resources.
#pragma once
#include <utility>

namespace buildfarm {

// Calls close() on the target when the scope ends, unless dismiss() was
// called first.
template <typename T> class ScopedCloser {
public:
  explicit ScopedCloser(T &target) : target_(&target) {}
  ~ScopedCloser() {
    if (target_)
      target_->close(); // SAME: joblog_guard
  }
  ScopedCloser(const ScopedCloser &) = delete;
  ScopedCloser &operator=(const ScopedCloser &) = delete;

  void dismiss() { target_ = nullptr; }

private:
  T *target_;
};

// Runs a callable when the scope ends.
template <typename F> class Finally {
public:
  explicit Finally(F fn) : fn_(std::move(fn)) {}
  ~Finally() { fn_(); }
  Finally(const Finally &) = delete;
  Finally &operator=(const Finally &) = delete;

private:
  F fn_;
};

template <typename F> Finally<F> finally(F fn) { return Finally<F>(std::move(fn)); }

} // namespace buildfarm
