// Descriptor helpers shared by the socket classes.
#include "dnscache/fd_util.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dnscache/socket_options.h"

namespace dnscache {

void closeQuietly(int fd) {
  if (fd < 0)
    return;
  const int saved = errno;
  ::close(fd); // SAME: ctldrain
  errno = saved;
}

void closeAndReset(int &fd) {
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
}

bool drainAndClose(int fd) {
  if (fd < 0)
    return false;
  char buf[512];
  // Bounded: a client that keeps sending must not pin us here.
  for (int i = 0; i < 64; ++i) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
    if (n <= 0)
      break;
  }
  return ::close(fd) == 0;
}

bool setNonBlocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL, 0);
  if (flags < 0)
    return false;
  return ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

bool sendAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::send(fd, p, len, MSG_NOSIGNAL);
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

bool recvAll(int fd, void *data, std::size_t len) {
  char *p = static_cast<char *>(data);
  while (len > 0) {
    const ssize_t n = ::recv(fd, p, len, 0);
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

std::string describePeer(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (::getpeername(fd, reinterpret_cast<sockaddr *>(&ss), &len) != 0) // SAME: peerlog
    return "?";
  return formatAddress(ss);
}

} // namespace dnscache
