// Helpers over POSIX descriptors (see fd_util.h).
#include "kvlog/fd_util.h"
#include "kvlog/log.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace kvlog {

bool writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left); // SAME: admin_reply
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readExact(int fd, void *buf, std::size_t len) {
  char *p = static_cast<char *>(buf);
  while (len > 0) {
    ssize_t n = ::read(fd, p, len);
    if (n == 0)
      return false;
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

bool preadExact(int fd, void *buf, std::size_t len, off_t offset) {
  char *p = static_cast<char *>(buf);
  while (len > 0) {
    ssize_t n = ::pread(fd, p, len, offset);
    if (n == 0)
      return false;
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

bool readLine(int fd, std::string &line, std::size_t maxLen) {
  line.clear();
  char c = 0;
  while (line.size() < maxLen) {
    ssize_t n = ::read(fd, &c, 1);
    if (n == 0)
      return !line.empty();
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return true;
    }
    line.push_back(c);
  }
  return false;
}

void closeQuietly(int fd) {
  if (fd < 0)
    return;
  if (::close(fd) != 0) // SAME: manifest_fail
    logWarn("close(%d) failed: %s", fd, std::strerror(errno));
}

} // namespace kvlog
