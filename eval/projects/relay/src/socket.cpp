// Socket: a descriptor owner. close() hands the descriptor to closeQuietly()
// and forgets it, so a second close() (or the destructor after close()) does
// nothing.
#include "relay/socket.h"
#include "relay/util.h"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

namespace relay {

Socket::~Socket() { close(); }

Socket::Socket(Socket &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

Socket &Socket::operator=(Socket &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

Socket Socket::connectTo(const std::string &host, int port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0)
    throw std::runtime_error("cannot resolve " + host);
  int fd = ::socket(found->ai_family, found->ai_socktype, found->ai_protocol);
  if (fd >= 0 && ::connect(fd, found->ai_addr, found->ai_addrlen) != 0) {
    closeQuietly(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  if (fd < 0)
    throw std::runtime_error("cannot connect to " + host);
  return Socket(fd);
}

void Socket::send(const std::string &data) {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  if (!writeAll(fd_, data))
    throw std::runtime_error("write failed");
}

std::string Socket::receive() {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  char buffer[512];
  const ssize_t n = ::read(fd_, buffer, sizeof buffer);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
}

void Socket::close() {
  if (fd_ < 0)
    return;
  closeQuietly(fd_);
  fd_ = -1;
}

int Socket::release() noexcept { return std::exchange(fd_, -1); }

} // namespace relay
