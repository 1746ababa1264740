#include "buildfarm/io_helpers.h"

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace buildfarm {

bool writeAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<std::size_t>(n);
  }
  return true;
}

std::size_t drainFd(int fd,
                    const std::function<void(const char *, std::size_t)> &onChunk) {
  std::size_t total = 0;
  char buf[8192];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) // SAME: runner_drain
      break;
    if (!(p.revents & POLLIN))
      break;
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    onChunk(buf, static_cast<std::size_t>(n));
    total += static_cast<std::size_t>(n);
  }
  return total;
}

bool readLineFd(int fd, std::string &line, std::size_t maxLen) {
  line.clear();
  char c = 0;
  for (;;) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (n == 0)
      return !line.empty();
    if (c == '\n')
      break;
    if (line.size() >= maxLen)
      return false;
    line.push_back(c);
  }
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  return true;
}

void closeQuietly(int &fd) {
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
}

} // namespace buildfarm
