// Address parsing and socket set-up helpers.
#include "dnscache/socket_options.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/time.h>
#include <unistd.h>

namespace dnscache {

namespace {
bool parsePort(const std::string &text, uint16_t &port) {
  if (text.empty() || text.size() > 5)
    return false;
  char *end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (*end != '\0' || v <= 0 || v > 65535)
    return false;
  port = static_cast<uint16_t>(v);
  return true;
}

bool setTimeout(int fd, int option, int ms) {
  timeval tv{};
  tv.tv_sec = ms / 1000;
  tv.tv_usec = (ms % 1000) * 1000;
  return ::setsockopt(fd, SOL_SOCKET, option, &tv, sizeof tv) == 0;
}
} // namespace

bool parseAddress(const std::string &text, sockaddr_storage &addr, socklen_t &len) {
  std::memset(&addr, 0, sizeof addr);
  uint16_t port = 0;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
      return false;
    if (!parsePort(text.substr(close + 2), port))
      return false;
    auto *sin6 = reinterpret_cast<sockaddr_in6 *>(&addr);
    sin6->sin6_family = AF_INET6;
    sin6->sin6_port = htons(port);
    if (::inet_pton(AF_INET6, text.substr(1, close - 1).c_str(), &sin6->sin6_addr) != 1)
      return false;
    len = sizeof(sockaddr_in6);
    return true;
  }
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || !parsePort(text.substr(colon + 1), port))
    return false;
  auto *sin = reinterpret_cast<sockaddr_in *>(&addr);
  sin->sin_family = AF_INET;
  sin->sin_port = htons(port);
  if (::inet_pton(AF_INET, text.substr(0, colon).c_str(), &sin->sin_addr) != 1)
    return false;
  len = sizeof(sockaddr_in);
  return true;
}

std::string formatAddress(const sockaddr_storage &addr) {
  char host[INET6_ADDRSTRLEN] = "?";
  if (addr.ss_family == AF_INET) {
    const auto *sin = reinterpret_cast<const sockaddr_in *>(&addr);
    ::inet_ntop(AF_INET, &sin->sin_addr, host, sizeof host);
    return std::string(host) + ":" + std::to_string(ntohs(sin->sin_port));
  }
  if (addr.ss_family == AF_INET6) {
    const auto *sin6 = reinterpret_cast<const sockaddr_in6 *>(&addr);
    ::inet_ntop(AF_INET6, &sin6->sin6_addr, host, sizeof host);
    return "[" + std::string(host) + "]:" + std::to_string(ntohs(sin6->sin6_port));
  }
  return "?";
}

bool bindOrClose(int fd, const sockaddr_storage &addr, socklen_t len) {
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), len) == 0)
    return true;
  const int saved = errno;
  ::close(fd);
  errno = saved;
  return false;
}

bool connectOrClose(int fd, const sockaddr_storage &addr, socklen_t len) {
  if (::connect(fd, reinterpret_cast<const sockaddr *>(&addr), len) == 0)
    return true;
  const int saved = errno;
  ::close(fd);
  errno = saved;
  return false;
}

bool configureClientSocket(int fd, int recvTimeoutMs, int sendTimeoutMs) {
  // A connection can die while it waits in the accept queue (the client gave
  // up and reset it); its error is pending in SO_ERROR.
  int pending = 0;
  socklen_t pendingLen = sizeof pending;
  if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &pending, &pendingLen) != 0 || pending != 0) {
    const int saved = pending ? pending : errno;
    ::close(fd);
    errno = saved;
    return false;
  }
  const int one = 1;
  if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0 ||
      !setRecvTimeout(fd, recvTimeoutMs) || !setSendTimeout(fd, sendTimeoutMs)) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return false;
  }
  return true;
}

bool setRecvTimeout(int fd, int ms) { return setTimeout(fd, SO_RCVTIMEO, ms); }
bool setSendTimeout(int fd, int ms) { return setTimeout(fd, SO_SNDTIMEO, ms); }

} // namespace dnscache
