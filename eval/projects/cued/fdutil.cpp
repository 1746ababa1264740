// POSIX helpers shared by the prompt book, the drive bus and the tally.
// Negative: closeQuietly() resets the caller's descriptor to -1 as soon as it
// has closed it, so the repeated calls on the shutdown paths never close a
// descriptor twice, and writeAll() only ever writes to the descriptor it is
// handed.
#include "fdutil.h"

#include <cerrno>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace cued {

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

bool writeLine(int fd, const std::string &line) {
  std::string buf;
  buf.reserve(line.size() + 1);
  buf.append(line).push_back('\n');
  return writeAll(fd, buf.data(), buf.size());
}

void closeQuietly(int &fd) noexcept {
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
}

int openAppend(const std::string &path) {
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  return fd;
}

} // namespace cued
