// Socket helpers of the provider protocol.
// No BUG markers. openTcp() closes the socket of a failed connect() attempt
// and makes a fresh one for the next address, so the connect() in the loop
// never sees a closed descriptor (OK line). handshake() closes the socket
// when the provider rejects the client, as net.h documents; it returns -1
// right after and does not touch the descriptor again (the caller's double
// close is the BUG in provider_connection.cpp).
#include "pushgw/net.h"

#include <cerrno>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace pushgw::net {

int openTcp(const std::string &host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &res) != 0) {
    errno = EHOSTUNREACH;
    return -1;
  }
  int fd = -1;
  int err = ECONNREFUSED;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
      err = errno;
      continue;
    }
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) // OK: fd is the socket made in this iteration
      break;
    err = errno;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(res);
  if (fd < 0)
    errno = err;
  return fd;
}

bool writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::send(fd, p, left, MSG_NOSIGNAL);
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

bool readLine(int fd, std::string &out, std::size_t maxLength) {
  out.clear();
  char c = 0;
  while (out.size() < maxLength) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (n == 0) {
      errno = ECONNRESET;
      return false;
    }
    if (c == '\n')
      return true;
    out += c;
  }
  errno = EMSGSIZE;
  return false;
}

int handshake(int fd, const std::string &tenant, const std::string &apiKey) {
  std::string reply;
  if (!writeAll(fd, "AUTH " + tenant + " " + apiKey + "\n") ||
      !readLine(fd, reply)) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return -1;
  }
  if (reply != "OK") {
    ::close(fd);
    errno = EACCES;
    return -1;
  }
  return 0;
}

} // namespace pushgw::net
