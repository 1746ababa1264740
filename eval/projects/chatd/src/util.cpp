#include "chatd/util.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstddef>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace chatd {

void closeQuietly(int fd) {
  if (fd < 0)
    return;
  ::close(fd); // SAME: accept_reject
}

int closeRetrying(int fd) {
  int rc = ::close(fd);
  while (rc == -1 && errno == EINTR)
    rc = ::close(fd); // OK: retried only after the previous close() failed with EINTR
  return rc;
}

bool writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left); // SAME: admin_bye
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

std::string readLine(int fd) {
  std::string line;
  char c = 0;
  for (;;) {
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || c == '\n')
      break;
    if (c != '\r')
      line.push_back(c);
  }
  return line;
}

bool configureSocket(int fd) {
  int one = 1;
  if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0 ||
      ::fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
    closeQuietly(fd);
    return false;
  }
  return true;
}

std::string trim(const std::string &s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}

long long nowMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch())
      .count();
}

} // namespace chatd
