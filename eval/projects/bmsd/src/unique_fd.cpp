// UniqueFd: move-only descriptor ownership.
#include "unique_fd.h"

#include <unistd.h>

namespace bmsd {

UniqueFd::~UniqueFd() { reset(); }

UniqueFd::UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int UniqueFd::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void UniqueFd::reset(int fd) {
  const int old = fd_;
  fd_ = fd;
  if (old >= 0 && old != fd)
    ::close(old); // SAME: index-reset
}

} // namespace bmsd
