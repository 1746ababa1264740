// OwnedDescriptor: move-only owner of a POSIX descriptor; the descriptor is
// closed when the owner is reset or destroyed.
#pragma once
#include <unistd.h>
#include <utility>

class OwnedDescriptor {
public:
  OwnedDescriptor() noexcept = default;
  explicit OwnedDescriptor(int fd) noexcept : fd_(fd) {}
  OwnedDescriptor(OwnedDescriptor &&other) noexcept
      : fd_(std::exchange(other.fd_, -1)) {}
  OwnedDescriptor &operator=(OwnedDescriptor &&other) noexcept {
    if (this != &other)
      reset(std::exchange(other.fd_, -1));
    return *this;
  }
  OwnedDescriptor(const OwnedDescriptor &) = delete;
  OwnedDescriptor &operator=(const OwnedDescriptor &) = delete;
  ~OwnedDescriptor() { reset(); }

  int get() const noexcept { return fd_; }
  int release() noexcept { return std::exchange(fd_, -1); }
  void reset(int fd = -1) noexcept {
    const int old = std::exchange(fd_, fd);
    if (old >= 0)
      ::close(old); // OK: the old value is swapped out before it is closed
  }
  explicit operator bool() const noexcept { return fd_ >= 0; }

private:
  int fd_ = -1;
};
