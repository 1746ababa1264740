#include "chatd/socket.h"
#include "chatd/util.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace chatd {

Socket::~Socket() {
  close(); // OK: close() is a no-op once fd_ is -1, so an explicitly closed socket is not closed again
}

Socket::Socket(Socket &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

Socket &Socket::operator=(Socket &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

void Socket::send(const std::string &data) {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  if (!writeAll(fd_, data))
    throw std::system_error(errno, std::generic_category(), "socket send");
}

std::string Socket::receiveLine() {
  if (fd_ < 0)
    throw std::runtime_error("socket closed");
  return readLine(fd_);
}

void Socket::close() {
  if (fd_ < 0)
    return;
  const int fd = fd_;
  fd_ = -1;
  closeRetrying(fd);
}

void sendGoodbye(Socket &sock, const std::string &why) {
  if (!sock.isOpen())
    return;
  try {
    sock.send(why); // OK: returns above when the socket is already closed
  } catch (const std::exception &) {
    // the peer is going away anyway
  }
}

} // namespace chatd
