// FdHandle: owns one file descriptor. close() is idempotent (fd_ is reset to -1
// right after ::close), reset() closes the old descriptor before adopting the
// new one, and release() hands the descriptor over unclosed. On Linux a close
// that fails with EINTR has still released the descriptor, so it is not retried.
#include "fd_handle.h"

#include <unistd.h>

#include <utility>

FdHandle::FdHandle() noexcept : fd_(-1) {}

FdHandle::FdHandle(int fd) noexcept : fd_(fd) {}

FdHandle::~FdHandle() {
  close();  // OK: a no-op after close() or release()
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

bool FdHandle::valid() const noexcept { return fd_ >= 0; }

int FdHandle::get() const noexcept { return fd_; }

int FdHandle::release() noexcept { return std::exchange(fd_, -1); }

void FdHandle::reset(int fd) noexcept {
  if (fd == fd_) return;  // adopting the descriptor we already own must not close it
  close();  // OK: closes the old descriptor before adopting the new one
  fd_ = fd;
}

int FdHandle::close() noexcept {
  if (fd_ < 0) return 0;
  int rc = ::close(fd_);
  fd_ = -1;
  return rc;
}
