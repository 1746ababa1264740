// TCP connection to an upstream collector.
#include "logship/upstream.h"
#include "logship/log.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <netdb.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace logship {

namespace {
std::chrono::milliseconds backoff(int attempt) {
  return std::chrono::milliseconds(100) * (1 << std::min(attempt, 6));
}

std::string frame(const std::string &payload) {
  const std::uint32_t len = htonl(static_cast<std::uint32_t>(payload.size()));
  std::string out(reinterpret_cast<const char *>(&len), sizeof len);
  out += payload;
  return out;
}
} // namespace

const char *toString(ErrorCode ec) noexcept {
  switch (ec) {
  case ErrorCode::Ok:
    return "ok";
  case ErrorCode::WouldBlock:
    return "would block";
  case ErrorCode::PeerClosed:
    return "peer closed";
  case ErrorCode::IoError:
    return "i/o error";
  }
  return "?";
}

UpstreamConnection::UpstreamConnection(std::string name, Endpoint ep)
    : name_(std::move(name)), ep_(std::move(ep)) {}

UpstreamConnection::~UpstreamConnection() {
  if (!closed_)
    closeSocketLocked(); // OK: only when nobody closed it
}

bool UpstreamConnection::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!closed_)
    closeSocketLocked(); // reconnect: drop the old socket first

  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string port = std::to_string(ep_.port);
  if (const int rc = ::getaddrinfo(ep_.host.c_str(), port.c_str(), &hints, &res); rc != 0) {
    log_warn("upstream %s: resolve %s: %s", name_.c_str(), ep_.host.c_str(), ::gai_strerror(rc));
    return false;
  }
  int fd = -1;
  for (addrinfo *ai = res; ai; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(fd); // OK: this address failed, try the next with a new socket
    fd = -1;
  }
  ::freeaddrinfo(res);
  if (fd < 0) {
    log_warn("upstream %s: cannot connect to %s", name_.c_str(), ep_.str().c_str());
    return false;
  }
  fd_ = fd;
  closed_ = false;
  return true;
}

ErrorCode UpstreamConnection::send(const std::string &payload) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw ConnectionClosed(name_);
  const std::string buf = frame(payload);
  std::size_t off = 0;
  while (off < buf.size()) {
    const ssize_t n = ::send(fd_, buf.data() + off, buf.size() - off, MSG_NOSIGNAL);
    if (n >= 0) {
      off += static_cast<std::size_t>(n);
      continue;
    }
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return ErrorCode::WouldBlock;
    if (errno == EPIPE || errno == ECONNRESET) {
      log_warn("upstream %s: peer went away", name_.c_str());
      closeSocketLocked();
      return ErrorCode::PeerClosed;
    }
    return ErrorCode::IoError;
  }
  return ErrorCode::Ok;
}

ErrorCode UpstreamConnection::sendWithRetry(const std::string &payload, int attempts) {
  ErrorCode ec = ErrorCode::IoError;
  for (int i = 0; i < attempts; ++i) {
    ec = send(payload); // BUG: use-after-close
    if (ec == ErrorCode::Ok)
      break;
    if (ec == ErrorCode::PeerClosed && !connect())
      log_warn("upstream %s: reconnect failed (attempt %d)", name_.c_str(), i + 1);
    std::this_thread::sleep_for(backoff(i));
  }
  return ec;
}

void UpstreamConnection::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("upstream '" + name_ + "' closed twice");
  closeSocketLocked();
}

void UpstreamConnection::closeSocketLocked() noexcept {
  ::shutdown(fd_, SHUT_RDWR);
  ::close(fd_);
  fd_ = -1;
  closed_ = true;
}

} // namespace logship
