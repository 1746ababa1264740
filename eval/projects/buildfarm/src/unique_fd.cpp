#include "buildfarm/unique_fd.h"

#include <unistd.h>

namespace buildfarm {

UniqueFd::UniqueFd(int fd) noexcept : fd_(fd) {}

UniqueFd::UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

UniqueFd::~UniqueFd() { close(); }

int UniqueFd::release() noexcept {
  const int fd = fd_;
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
  ::close(fd_); // SAME: stdin_owner
  fd_ = -1;
}

} // namespace buildfarm
