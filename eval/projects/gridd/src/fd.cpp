// Fd: closing and adoption of descriptors.
#include "fd.h"

#include <unistd.h>

Fd::~Fd() { reset(); }

Fd &Fd::operator=(Fd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

void Fd::reset(int fd) noexcept {
  if (fd_ >= 0)
    ::close(fd_); // SAME: idx_seal
  fd_ = fd;
}
