// POSIX socket helpers: connect with timeouts, full writes, line/size reads.
#include "objgw/SocketUtil.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace objgw {
namespace netutil {

bool connectFd(int fd, const std::string &host, std::uint16_t port, int timeoutMs) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  const std::string numeric = host == "localhost" ? "127.0.0.1" : host;
  if (::inet_pton(AF_INET, numeric.c_str(), &addr.sin_addr) != 1) {
    ::close(fd);
    errno = EINVAL;
    return false;
  }

  timeval tv{};
  tv.tv_sec = timeoutMs / 1000;
  tv.tv_usec = (timeoutMs % 1000) * 1000;
  if (::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) != 0 ||
      ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return false;
  }

  if (::connect(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return false;
  }
  return true;
}

bool sendAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

bool recvLine(int fd, std::string &line, std::size_t maxLen) {
  line.clear();
  for (;;) {
    char c = 0;
    const ssize_t n = ::recv(fd, &c, 1, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    if (c == '\n')
      return true;
    if (line.size() >= maxLen)
      return false;
    line.push_back(c);
  }
}

bool recvExact(int fd, std::size_t n, std::string &out) {
  out.assign(n, '\0');
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::recv(fd, &out[got], n - got, 0);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    got += static_cast<std::size_t>(r);
  }
  return true;
}

} // namespace netutil
} // namespace objgw
