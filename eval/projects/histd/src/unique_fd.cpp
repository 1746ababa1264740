// UniqueFd: closes the owned descriptor on destruction and on reset().
#include "unique_fd.h"

#include <unistd.h>

namespace histd {

UniqueFd::~UniqueFd() {
  if (fd_ >= 0)
    ::close(fd_);
}

void UniqueFd::reset(int fd) noexcept {
  const int old = fd_;
  fd_ = fd;
  if (old >= 0 && old != fd)
    ::close(old); // SAME: link-abort-reset
}

} // namespace histd
