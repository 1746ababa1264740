// UniqueFd and FdGuard: the descriptor owners. reset() closes the descriptor
// it holds before taking the new one; move assignment is reset(release()).
#include "unique_fd.h"

#include <unistd.h>

namespace ferry {

UniqueFd::UniqueFd(int fd) noexcept : fd_(fd) {}

UniqueFd::~UniqueFd() { reset(); }

UniqueFd::UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int UniqueFd::get() const noexcept { return fd_; }

int UniqueFd::release() noexcept {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void UniqueFd::reset(int fd) noexcept {
  if (fd_ >= 0)
    ::close(fd_); // SAME: serialhand
  fd_ = fd;
}

UniqueFd::operator bool() const noexcept { return fd_ >= 0; }

FdGuard::~FdGuard() {
  if (fd >= 0)
    ::close(fd); // SAME: compassguard
}

} // namespace ferry
