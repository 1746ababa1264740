// Socket: TCP I/O on a descriptor owned by UniqueFd, with a closed check on
// every operation, and the listening socket factory.
#include "socket.h"

#include <cerrno>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

#include "fd_io.h"

namespace bmsd {

Socket::Socket(UniqueFd fd, std::string peer)
    : fd_(std::move(fd)), peer_(std::move(peer)) {}

void Socket::ensureOpen(const char *op) const {
  if (!fd_.valid())
    throw std::runtime_error(std::string("socket closed: cannot ") + op + " " +
                             peer_);
}

void Socket::waitWritable() {
  pollfd p{fd_.get(), POLLOUT, 0};
  for (;;) {
    const int n = ::poll(&p, 1, 2000);
    if (n > 0)
      return;
    if (n == 0)
      throw std::runtime_error("send to " + peer_ + " timed out");
    if (errno != EINTR)
      throw std::system_error(errno, std::generic_category(), "poll");
  }
}

void Socket::sendAll(const std::string &data) {
  ensureOpen("send to");
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::send(fd_.get(), data.data() + off, data.size() - off,
                             MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        waitWritable();
        continue;
      }
      throw std::system_error(errno, std::generic_category(),
                              "send to " + peer_);
    }
    off += static_cast<std::size_t>(n);
  }
}

ssize_t Socket::receiveSome(char *buf, std::size_t cap) {
  ensureOpen("receive from");
  for (;;) {
    const ssize_t n = ::recv(fd_.get(), buf, cap, 0);
    if (n < 0 && errno == EINTR)
      continue;
    return n;
  }
}

bool Socket::waitReadable(int timeoutMs) {
  ensureOpen("wait on");
  pollfd p{fd_.get(), POLLIN, 0};
  for (;;) {
    const int n = ::poll(&p, 1, timeoutMs);
    if (n >= 0)
      return n > 0;
    if (errno != EINTR)
      return false;
  }
}

void Socket::close() { fd_.reset(); }

int Socket::release() { return fd_.release(); }

Status listenTcp(std::uint16_t port, int backlog, Socket &out) {
  UniqueFd fd(::socket(AF_INET6, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd)
    return Status::error(Status::Code::IoError, "socket: " + errnoText(errno));
  const int one = 1;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in6 addr{};
  addr.sin6_family = AF_INET6;
  addr.sin6_port = htons(port);
  addr.sin6_addr = in6addr_any;
  if (::bind(fd.get(), reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0)
    return Status::error(Status::Code::IoError,
                         "bind port " + std::to_string(port) + ": " +
                             errnoText(errno));
  if (::listen(fd.get(), backlog) != 0)
    return Status::error(Status::Code::IoError, "listen: " + errnoText(errno));
  out = Socket(std::move(fd), "[::]:" + std::to_string(port));
  return Status::ok();
}

} // namespace bmsd
