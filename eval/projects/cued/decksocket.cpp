// DeckSocket: the line-oriented TCP link to networked stage hardware.
// Negative: every operation checks the descriptor before touching it and
// throws once the socket is closed; close() resets fd_ to -1 so the
// destructor, move assignment and redial() can all call it again; redial()
// sends its greeting on the connection it has just dialled.
#include "decksocket.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/types.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace cued {

namespace {
int waitFor(int fd, short events, std::chrono::milliseconds timeout) {
  pollfd pfd{fd, events, 0};
  for (;;) {
    const int rc = ::poll(&pfd, 1, static_cast<int>(timeout.count()));
    if (rc < 0 && errno == EINTR)
      continue;
    return rc;
  }
}
} // namespace

DeckSocket::DeckSocket(std::string host, std::uint16_t port,
                       std::chrono::milliseconds timeout)
    : host_(std::move(host)), port_(port), timeout_(timeout) {
  fd_ = dial(host_, port_, timeout_);
}

DeckSocket::~DeckSocket() { close(); }

DeckSocket::DeckSocket(DeckSocket &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), host_(std::move(other.host_)),
      port_(other.port_), timeout_(other.timeout_), rx_(std::move(other.rx_)) {}

DeckSocket &DeckSocket::operator=(DeckSocket &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    host_ = std::move(other.host_);
    port_ = other.port_;
    timeout_ = other.timeout_;
    rx_ = std::move(other.rx_);
  }
  return *this;
}

int DeckSocket::dial(const std::string &host, std::uint16_t port,
                     std::chrono::milliseconds timeout) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found))
    throw std::runtime_error(host + ": " + ::gai_strerror(rc));

  int lastErr = ECONNREFUSED;
  for (addrinfo *ai = found; ai != nullptr; ai = ai->ai_next) {
    const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      lastErr = errno;
      continue;
    }
    const int flags = ::fcntl(fd, F_GETFL);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    int rc = ::connect(fd, ai->ai_addr, ai->ai_addrlen);
    if (rc < 0 && errno == EINPROGRESS && waitFor(fd, POLLOUT, timeout) == 1) {
      int soErr = 0;
      socklen_t len = sizeof soErr;
      ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soErr, &len);
      rc = soErr == 0 ? 0 : -1;
      errno = soErr != 0 ? soErr : ETIMEDOUT;
    }
    if (rc == 0) {
      ::fcntl(fd, F_SETFL, flags);
      ::freeaddrinfo(found);
      return fd;
    }
    lastErr = errno;
    ::close(fd);
  }
  ::freeaddrinfo(found);
  throw std::system_error(lastErr, std::generic_category(),
                          "connect " + host + ":" + service);
}

void DeckSocket::sendLine(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("deck socket to " + host_ + " is closed");
  std::string out = line + "\n";
  const char *p = out.data();
  std::size_t left = out.size();
  while (left > 0) {
    const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "send " + host_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

std::string DeckSocket::recvLine(std::chrono::milliseconds timeout) {
  if (fd_ < 0)
    throw std::runtime_error("deck socket to " + host_ + " is closed");
  for (;;) {
    const auto nl = rx_.find('\n');
    if (nl != std::string::npos) {
      std::string line = rx_.substr(0, nl);
      rx_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return line;
    }
    if (waitFor(fd_, POLLIN, timeout) != 1)
      throw std::runtime_error("timeout waiting for " + host_);
    char buf[512];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n == 0)
      throw std::runtime_error(host_ + " closed the connection");
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "recv " + host_);
    }
    rx_.append(buf, static_cast<std::size_t>(n));
  }
}

std::string DeckSocket::query(const std::string &line,
                              std::chrono::milliseconds timeout) {
  sendLine(line);
  return recvLine(timeout);
}

void DeckSocket::redial() {
  close();
  fd_ = dial(host_, port_, timeout_);
  sendLine("HELLO cued/2"); // OK: a fresh connection was dialled just above
}

void DeckSocket::close() noexcept {
  if (fd_ < 0)
    return;
  ::shutdown(fd_, SHUT_RDWR);
  ::close(fd_);
  fd_ = -1;
  rx_.clear();
}

} // namespace cued
