// Fd: closes the owned descriptor on reset() and destruction.
#include "fd.h"

#include <unistd.h>

namespace tilesrv {

Fd::~Fd() { reset(); }

Fd &Fd::operator=(Fd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

void Fd::reset(int fd) noexcept {
  if (fd_ >= 0 && fd_ != fd)
    ::close(fd_);
  fd_ = fd;
}

} // namespace tilesrv
