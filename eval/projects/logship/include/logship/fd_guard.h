// Owning wrapper for a POSIX file descriptor.
#pragma once
#include <unistd.h>
#include <utility>

namespace logship {

class UniqueFd {
public:
  UniqueFd() noexcept = default;
  explicit UniqueFd(int fd) noexcept : fd_(fd) {}
  ~UniqueFd() { reset(); }

  UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept {
    if (this != &other)
      reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const noexcept { return fd_; }
  explicit operator bool() const noexcept { return fd_ >= 0; }

  /// Gives up ownership without closing.
  int release() noexcept { return std::exchange(fd_, -1); }

  /// Closes the descriptor currently owned (if any) and takes `fd`.
  void reset(int fd = -1) noexcept {
    if (fd_ >= 0)
      ::close(fd_); // SAME: rewatch
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

} // namespace logship
