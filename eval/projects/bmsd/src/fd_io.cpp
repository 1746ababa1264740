// Descriptor helpers: full writes that resume after short writes and EINTR,
// fsync with a readable error, and a close() that is retried when it was
// interrupted before the descriptor was released.
#include "fd_io.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace bmsd {

std::string errnoText(int err) { return std::strerror(err); }

Status writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return Status::error(Status::Code::IoError, "write: " + errnoText(errno));
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return Status::ok();
}

Status pwriteAll(int fd, const void *data, std::size_t len, off_t offset) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::pwrite(fd, p, len, offset);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return Status::error(Status::Code::IoError, "pwrite: " + errnoText(errno));
    }
    p += n;
    offset += n;
    len -= static_cast<std::size_t>(n);
  }
  return Status::ok();
}

Status syncFd(int fd, const std::string &what) {
  while (::fsync(fd) != 0) {
    if (errno == EINTR)
      continue;
    return Status::error(Status::Code::IoError,
                         "fsync " + what + ": " + errnoText(errno));
  }
  return Status::ok();
}

Status setNonBlocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
    return Status::error(Status::Code::IoError, "fcntl: " + errnoText(errno));
  return Status::ok();
}

int closeRetryingEintr(int fd) {
  if (::close(fd) == 0)
    return 0;
  if (errno != EINTR)
    return errno;
  if (::close(fd) == 0) // OK: retried only after EINTR
    return 0;
  return errno == EBADF ? 0 : errno;
}

} // namespace bmsd
