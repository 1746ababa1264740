// Defer: runs a callable when the enclosing scope ends, unless dismiss() was
// called first. Used for cleanup on the error paths of functions that acquire
// several resources in a row.
#pragma once
#include <utility>

namespace fleetd {

template <typename F> class Defer {
public:
  explicit Defer(F fn) : fn_(std::move(fn)) {}
  ~Defer() {
    if (armed_)
      fn_();
  }
  Defer(const Defer &) = delete;
  Defer &operator=(const Defer &) = delete;

  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

} // namespace fleetd
