// Scope guard: runs a callable when the scope is left, unless dismissed.
#pragma once
#include <utility>

template <typename F> class Finally {
public:
  explicit Finally(F fn) noexcept : fn_(std::move(fn)) {}
  Finally(Finally &&other) noexcept
      : fn_(std::move(other.fn_)), active_(other.active_) {
    other.active_ = false;
  }
  Finally(const Finally &) = delete;
  Finally &operator=(const Finally &) = delete;
  Finally &operator=(Finally &&) = delete;

  ~Finally() {
    if (active_)
      fn_();
  }

  void dismiss() noexcept { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

template <typename F> Finally<F> onExit(F fn) {
  return Finally<F>(std::move(fn));
}
