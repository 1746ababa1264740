// FdHandle: owning wrapper around a POSIX file descriptor.
#pragma once

class FdHandle {
 public:
  FdHandle() noexcept;
  explicit FdHandle(int fd) noexcept;
  ~FdHandle();

  FdHandle(FdHandle&& other) noexcept;
  FdHandle& operator=(FdHandle&& other) noexcept;  // closes the descriptor it held
  FdHandle(const FdHandle&) = delete;
  FdHandle& operator=(const FdHandle&) = delete;

  bool valid() const noexcept;
  int get() const noexcept;
  int release() noexcept;       // gives the descriptor up without closing it
  void reset(int fd) noexcept;  // closes the current descriptor, adopts fd
  int close() noexcept;         // idempotent: 0 when nothing is open

 private:
  int fd_;
};
