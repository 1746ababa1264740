// Scope guard that calls close() on an object when the scope is left,
// unless dismiss() was called first. Used on write paths that may throw
// half-way so that a file is never left open.
#pragma once

namespace ingestd {

template <class T> class ScopedCloser {
public:
  explicit ScopedCloser(T &obj) noexcept : obj_(&obj) {}
  ~ScopedCloser() {
    if (obj_)
      obj_->close(); // SAME: closer_guard
  }
  ScopedCloser(const ScopedCloser &) = delete;
  ScopedCloser &operator=(const ScopedCloser &) = delete;

  void dismiss() noexcept { obj_ = nullptr; }

private:
  T *obj_;
};

template <class T> ScopedCloser<T> closeOnExit(T &obj) {
  return ScopedCloser<T>(obj);
}

} // namespace ingestd
