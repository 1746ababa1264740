// FdHandle: owns a POSIX descriptor and closes it exactly once. close() sets the member to
// -1 before calling ::close() (which is not retried: on Linux the descriptor is released
// even when close() reports EINTR). Negative file: every close here is guarded.
#include <unistd.h>

#include "raii.h"

namespace tubed {

FdHandle::FdHandle(int fd) : fd_(fd) {}

FdHandle::~FdHandle() {
  close(); // OK: no-op once the descriptor is -1
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(other.release()) {}

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
  if (this != &other) {
    close(); // OK: releases the descriptor this handle owned before taking the other one
    fd_ = other.release();
  }
  return *this;
}

int FdHandle::get() const { return fd_; }

bool FdHandle::valid() const { return fd_ >= 0; }

int FdHandle::close() {
  if (fd_ < 0) return 0;
  const int fd = fd_;
  fd_ = -1;
  return ::close(fd);
}

int FdHandle::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void FdHandle::reset(int fd) {
  if (fd == fd_) return;
  close(); // OK: the old descriptor is closed once, then replaced
  fd_ = fd;
}

}  // namespace tubed
