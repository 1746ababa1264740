// SocketFd: ownership of a socket descriptor and the blocking send/receive helpers used by
// the device and report listeners.
#include "socket_fd.h"

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace farecol {

SocketFd::~SocketFd() { close(); }

SocketFd::SocketFd(SocketFd &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

SocketFd &SocketFd::operator=(SocketFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int SocketFd::release() noexcept { return std::exchange(fd_, -1); }

void SocketFd::reset(int fd) noexcept {
  const int old = std::exchange(fd_, fd);
  if (old >= 0 && old != fd)
    ::close(old);
}

void SocketFd::close() noexcept {
  if (fd_ < 0)
    return;
  const int fd = std::exchange(fd_, -1);
  ::close(fd); // SAME: busyclose
}

std::size_t SocketFd::sendAll(const void *data, std::size_t len) {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  const char *p = static_cast<const char *>(data);
  std::size_t sent = 0;
  while (sent < len) {
    const ssize_t n = ::send(fd_, p + sent, len - sent, MSG_NOSIGNAL);
    if (n >= 0) {
      sent += static_cast<std::size_t>(n);
      continue;
    }
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd pfd{fd_, POLLOUT, 0};
      if (::poll(&pfd, 1, 5000) <= 0)
        throw std::system_error(ETIMEDOUT, std::generic_category(), "send");
      continue;
    }
    throw std::system_error(errno, std::generic_category(), "send");
  }
  return sent;
}

long SocketFd::recvSome(void *buf, std::size_t cap) {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  for (;;) {
    const ssize_t n = ::recv(fd_, buf, cap, 0);
    if (n >= 0)
      return static_cast<long>(n);
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return -1;
    throw std::system_error(errno, std::generic_category(), "recv");
  }
}

SocketFd SocketFd::listenTcp(const std::string &address, std::uint16_t port, bool nonBlocking) {
  int flags = SOCK_STREAM | SOCK_CLOEXEC;
  if (nonBlocking)
    flags |= SOCK_NONBLOCK;
  SocketFd sock(::socket(AF_INET, flags, 0));
  if (!sock)
    return sock;
  const int one = 1;
  ::setsockopt(sock.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, address.c_str(), &addr.sin_addr) != 1) {
    errno = EINVAL;
    return SocketFd();
  }
  if (::bind(sock.get(), reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(sock.get(), 64) != 0) {
    const int err = errno;
    sock.close();
    errno = err;
  }
  return sock;
}

std::string SocketFd::peerName(int fd) {
  sockaddr_in addr{};
  socklen_t len = sizeof addr;
  if (::getpeername(fd, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
    return "?";
  char buf[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &addr.sin_addr, buf, sizeof buf);
  return std::string(buf) + ":" + std::to_string(ntohs(addr.sin_port));
}

} // namespace farecol
