// Owns one POSIX descriptor. Move-only: moving transfers the descriptor and
// leaves the source empty. close() is idempotent: it closes the descriptor once
// and leaves the handle empty (get() == -1). The destructor calls close().
#pragma once

namespace kvlog {

class FdHandle {
public:
  FdHandle() noexcept = default;
  explicit FdHandle(int fd) noexcept;
  ~FdHandle();

  FdHandle(FdHandle &&other) noexcept;
  FdHandle &operator=(FdHandle &&other) noexcept;
  FdHandle(const FdHandle &) = delete;
  FdHandle &operator=(const FdHandle &) = delete;

  int get() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  int release() noexcept;
  void reset(int fd = -1) noexcept;
  void close() noexcept;

private:
  int fd_ = -1;
};

} // namespace kvlog
