// LockedFile: exclusive advisory lock held for the object's lifetime; the
// descriptor is owned by the object and closed with it.
#include "locked_file.h"

#include <cerrno>
#include <sys/file.h>
#include <system_error>
#include <unistd.h>

namespace fleetd {

LockedFile::LockedFile(int fd) : fd_(fd) {
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR)
      continue;
    int err = errno;
    ::close(fd_);
    throw std::system_error(err, std::generic_category(), "flock");
  }
}

LockedFile::~LockedFile() {
  ::flock(fd_, LOCK_UN);
  ::close(fd_);
}

} // namespace fleetd
