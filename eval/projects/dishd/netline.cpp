// NetLine implementation: a blocking TCP client speaking CRLF-terminated
// lines. close() takes the descriptor with std::exchange, so closing twice
// (two owners, or close() followed by the destructor) releases it once.
#include "netline.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include <utility>

NetLine::NetLine(const std::string &host, std::uint16_t port) {
  open(host, port);
}

NetLine::~NetLine() {
  if (fd_ >= 0)
    ::close(fd_); // OK
}

NetLine::NetLine(NetLine &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), peer_(std::move(other.peer_)) {}

NetLine &NetLine::operator=(NetLine &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    peer_ = std::move(other.peer_);
  }
  return *this;
}

void NetLine::open(const std::string &host, std::uint16_t port) {
  close();
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  const std::string service = std::to_string(port);
  if (int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
      rc != 0)
    throw std::runtime_error("line to " + host + ": " + ::gai_strerror(rc));

  int fd = -1;
  for (addrinfo *ai = found; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
                  ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  if (fd < 0)
    throw std::runtime_error("line to " + host + ":" + service +
                             ": connect failed");
  fd_ = fd;
  peer_ = host + ":" + service;
}

void NetLine::transmit(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("line to " + peer_ +
                             " has been closed, cannot transmit");
  const std::string framed = line + "\r\n";
  const char *p = framed.data();
  std::size_t left = framed.size();
  while (left > 0) {
    const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("line to " + peer_ + ": " +
                               std::strerror(errno));
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

std::string NetLine::receive() {
  if (fd_ < 0)
    throw std::runtime_error("line to " + peer_ +
                             " has been closed, cannot receive");
  std::string line;
  for (;;) {
    char c = 0;
    const ssize_t n = ::recv(fd_, &c, 1, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw std::runtime_error("line to " + peer_ + ": connection lost");
    if (c == '\n')
      return line;
    if (c != '\r')
      line.push_back(c);
  }
}

std::string NetLine::query(const std::string &line) {
  transmit(line);
  return receive();
}

void NetLine::close() {
  const int fd = std::exchange(fd_, -1);
  if (fd >= 0)
    ::close(fd);
}
