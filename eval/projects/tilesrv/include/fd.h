// Fd: owner of one POSIX descriptor. Move-only; the descriptor is closed when
// the owner is destroyed or reset(), and release() hands it back unclosed.
#pragma once

namespace tilesrv {

class Fd {
public:
  Fd() noexcept = default;
  explicit Fd(int fd) noexcept : fd_(fd) {}
  ~Fd();

  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;
  Fd(Fd &&other) noexcept : fd_(other.release()) {}
  Fd &operator=(Fd &&other) noexcept;

  int get() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return valid(); }

  // Gives up ownership without closing; the wrapper is empty afterwards.
  int release() noexcept {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

  // Closes the owned descriptor (if any) and takes ownership of `fd`.
  void reset(int fd = -1) noexcept;

private:
  int fd_ = -1;
};

} // namespace tilesrv
