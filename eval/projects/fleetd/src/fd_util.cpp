// POSIX descriptor helpers: full writes, fsync-and-close with logging, a
// close that is retried after EINTR, and creation of index files.
#include "fd_util.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diagnostics.h"

namespace fleetd {

bool writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool syncAndClose(int fd, Diagnostics &diag, const char *what) {
  bool ok = true;
  if (::fsync(fd) != 0) {
    diag.printf("%s: fsync failed: %s", what, std::strerror(errno));
    ok = false;
  }
  if (closeRetryingEintr(fd) != 0) {
    diag.printf("%s: close failed: %s", what, std::strerror(errno));
    ok = false;
  }
  return ok;
}

int closeRetryingEintr(int fd) {
  if (::close(fd) == 0)
    return 0;
  if (errno != EINTR)
    return errno;
  if (::close(fd) == 0) // OK: retried only after EINTR
    return 0;
  return errno;
}

int openIndexFile(const std::string &path, std::string &error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = std::strerror(errno);
    return -1;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    error = std::strerror(errno);
    ::close(fd);
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    error = "not a regular file";
    ::close(fd);
    return -1;
  }
  return fd;
}

} // namespace fleetd
