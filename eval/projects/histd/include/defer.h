// Scope guard used on error paths: runs a callable when the scope is left,
// unless dismiss() was called first.
#pragma once
#include <utility>

namespace histd {

template <typename F> class Defer {
public:
  explicit Defer(F fn) : fn_(std::move(fn)) {}
  Defer(Defer &&other) noexcept : fn_(std::move(other.fn_)), armed_(other.armed_) {
    other.armed_ = false;
  }
  Defer(const Defer &) = delete;
  Defer &operator=(const Defer &) = delete;
  Defer &operator=(Defer &&) = delete;
  ~Defer() {
    if (armed_)
      fn_();
  }

  void dismiss() noexcept { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

template <typename F> Defer<F> defer(F fn) { return Defer<F>(std::move(fn)); }

} // namespace histd
