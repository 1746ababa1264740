// Socket: RAII ownership of a TCP descriptor plus the few blocking and
// non-blocking I/O helpers the listener and the sessions need.
#include "socket.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace fleetd {

Socket::~Socket() { close(); }

Socket::Socket(Socket &&other) noexcept : fd_(other.release()) {}

Socket &Socket::operator=(Socket &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int Socket::release() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

void Socket::reset(int fd) {
  close();
  fd_ = fd;
}

int Socket::close() {
  if (fd_ < 0)
    return 0;
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) == 0)
    return 0;
  return errno;
}

void Socket::requireOpen(const char *op) const {
  if (fd_ < 0)
    throw std::runtime_error(std::string("socket closed: cannot ") + op);
}

void Socket::sendAll(const std::string &data, int timeoutMs) {
  requireOpen("send");
  std::size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd_, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n > 0) {
      off += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd_, POLLOUT, 0};
      int ready = ::poll(&p, 1, timeoutMs);
      if (ready == 0)
        throw std::system_error(ETIMEDOUT, std::generic_category(), "send timed out");
      if (ready < 0 && errno != EINTR)
        throw std::system_error(errno, std::generic_category(), "poll");
      continue;
    }
    throw std::system_error(errno, std::generic_category(), "send");
  }
}

ssize_t Socket::receive(char *buf, std::size_t len) {
  requireOpen("receive");
  for (;;) {
    ssize_t n = ::recv(fd_, buf, len, 0);
    if (n >= 0)
      return n;
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return -1;
    throw std::system_error(errno, std::generic_category(), "recv");
  }
}

bool Socket::waitReadable(int timeoutMs) {
  requireOpen("poll");
  pollfd p{fd_, POLLIN, 0};
  for (;;) {
    int ready = ::poll(&p, 1, timeoutMs);
    if (ready >= 0)
      return ready > 0;
    if (errno != EINTR)
      throw std::system_error(errno, std::generic_category(), "poll");
  }
}

void Socket::setNonBlocking() {
  requireOpen("configure");
  int flags = ::fcntl(fd_, F_GETFL, 0);
  if (flags < 0 || ::fcntl(fd_, F_SETFL, flags | O_NONBLOCK) < 0)
    throw std::system_error(errno, std::generic_category(), "fcntl");
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

Socket Socket::listenTcp(std::uint16_t port, int backlog) {
  Socket s(::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!s.isOpen())
    throw std::system_error(errno, std::generic_category(), "socket");
  int one = 1;
  ::setsockopt(s.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  int zero = 0;
  ::setsockopt(s.fd(), IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
  sockaddr_in6 addr{};
  addr.sin6_family = AF_INET6;
  addr.sin6_addr = in6addr_any;
  addr.sin6_port = htons(port);
  if (::bind(s.fd(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0)
    throw std::system_error(errno, std::generic_category(), "bind");
  if (::listen(s.fd(), backlog) != 0)
    throw std::system_error(errno, std::generic_category(), "listen");
  s.setNonBlocking();
  return s;
}

Socket Socket::accept() {
  requireOpen("accept");
  for (;;) {
    int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0)
      return Socket(fd);
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED)
      return Socket();
    throw std::system_error(errno, std::generic_category(), "accept");
  }
}

} // namespace fleetd
