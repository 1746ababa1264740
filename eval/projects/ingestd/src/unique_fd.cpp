// UniqueFd: the move-only descriptor owner used for sockets and pipes.
#include "ingestd/unique_fd.h"

#include <unistd.h>

namespace ingestd {

UniqueFd::UniqueFd(int fd) noexcept : fd_(fd) {}

UniqueFd::~UniqueFd() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: hs_fail
}

UniqueFd::UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int UniqueFd::release() noexcept {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

void UniqueFd::reset(int fd) noexcept {
  if (fd_ >= 0 && fd_ != fd)
    ::close(fd_);
  fd_ = fd;
}

void UniqueFd::close() noexcept {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

} // namespace ingestd
