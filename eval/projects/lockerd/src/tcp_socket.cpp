// TcpSocket: a dual-stack non-blocking listener, accept(), and a sendAll()
// that retries on EINTR and waits for writability on EAGAIN.
#include "tcp_socket.h"

#include <cerrno>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace {
constexpr int kSendWaitMs = 1000;
constexpr int kMaxSendStalls = 5;
} // namespace

TcpSocket TcpSocket::listenOn(std::uint16_t port, int backlog) {
  UniqueFd fd(::socket(AF_INET6, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd)
    throw std::system_error(errno, std::generic_category(), "socket");

  int one = 1;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  int zero = 0;
  ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);

  sockaddr_in6 addr{};
  addr.sin6_family = AF_INET6;
  addr.sin6_addr = in6addr_any;
  addr.sin6_port = htons(port);
  if (::bind(fd.get(), reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0)
    throw std::system_error(errno, std::generic_category(), "bind port " + std::to_string(port));
  if (::listen(fd.get(), backlog) != 0)
    throw std::system_error(errno, std::generic_category(), "listen on port " + std::to_string(port));
  return TcpSocket(std::move(fd));
}

TcpSocket TcpSocket::accept() {
  ensureOpen("accept");
  for (;;) {
    const int client = ::accept4(fd_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (client >= 0)
      return TcpSocket(UniqueFd(client));
    if (errno == EINTR)
      continue;
    // EAGAIN, or a client that went away before we got to it.
    return TcpSocket();
  }
}

Status TcpSocket::sendAll(const std::string &data) {
  ensureOpen("send");
  std::size_t sent = 0;
  int stalls = 0;
  while (sent < data.size()) {
    const ssize_t n = ::send(fd_.get(), data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
      stalls = 0;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (++stalls > kMaxSendStalls)
        return Status::busy("peer is not reading");
      pollfd pfd{fd_.get(), POLLOUT, 0};
      ::poll(&pfd, 1, kSendWaitMs);
      continue;
    }
    return Status::ioError("send", n < 0 ? errno : EPIPE);
  }
  return Status::success();
}

long TcpSocket::receive(char *buf, std::size_t len) {
  ensureOpen("receive");
  ssize_t n;
  do {
    n = ::recv(fd_.get(), buf, len, 0);
  } while (n < 0 && errno == EINTR);
  return static_cast<long>(n);
}

void TcpSocket::ensureOpen(const char *op) const {
  if (!fd_.valid())
    throw std::runtime_error(std::string("socket closed: cannot ") + op);
}
