// EINTR- and short-count-safe loops around the POSIX I/O calls.
#include "fd_io.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

bool writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
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

bool pwriteAll(int fd, const void *data, std::size_t len, off_t offset) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::pwrite(fd, p, len, offset);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    offset += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readLine(int fd, std::string &line, std::size_t max) {
  line.clear();
  while (line.size() < max) {
    char c;
    const ssize_t n = ::read(fd, &c, 1);
    if (n == 0)
      return false;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (c == '\n')
      return true;
    if (c != '\r')
      line.push_back(c);
  }
  return true;
}

bool setNonBlocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0)
    return false;
  return ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}
