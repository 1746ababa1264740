// Blocking descriptor helpers: full writes, line reads, and a close(2) that
// is retried once when a signal interrupted it.
#include "io_util.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace tilesrv::io {

bool writeAll(int fd, const char *data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size); // SAME: admin_quit_reply
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readLine(int fd, std::string &line, std::size_t maxBytes) {
  line.clear();
  for (;;) {
    char c;
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    if (c == '\n')
      break;
    if (line.size() >= maxBytes)
      return false;
    line.push_back(c);
  }
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  return true;
}

int closeRetrying(int fd) {
  if (::close(fd) == 0)
    return 0;
  if (errno != EINTR)
    return -errno;
  if (::close(fd) == 0) // OK: the first close was interrupted (EINTR)
    return 0;
  return -errno;
}

bool setNonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0)
    return false;
  return ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

} // namespace tilesrv::io
