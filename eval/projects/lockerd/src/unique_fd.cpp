// UniqueFd: closes the descriptor it owns on destruction and on reset().
#include "unique_fd.h"

#include <unistd.h>

UniqueFd::~UniqueFd() { reset(); }

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int UniqueFd::release() noexcept {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void UniqueFd::reset(int fd) noexcept {
  const int old = fd_;
  fd_ = fd;
  if (old >= 0 && old != fd)
    ::close(old);
}
