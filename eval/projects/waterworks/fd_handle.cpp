// FdHandle: owner of one descriptor; dial_tcp(): the TCP connect used by the
// field-bus link, the pager and the SCADA uplink.
#include "fd_handle.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace ww {

FdHandle::FdHandle(int fd) : fd_(fd) {}

FdHandle::~FdHandle() {
  close(); // OK: close() returns at once on an empty handle
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

int FdHandle::get() const { return fd_; }

bool FdHandle::valid() const { return fd_ >= 0; }

void FdHandle::reset(int fd) {
  if (fd_ >= 0) ::close(fd_); // SAME: uplink_reset
  fd_ = fd;
}

int FdHandle::release() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

int FdHandle::close() {
  if (fd_ < 0) return 0;
  int fd = fd_;
  fd_ = -1;
  return ::close(fd);
}

int dial_tcp(const std::string& host, std::uint16_t port, int timeout_ms) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1) {
    errno = EINVAL;
    return -1;
  }
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  timeval tv{};
  tv.tv_sec = timeout_ms / 1000;
  tv.tv_usec = (timeout_ms % 1000) * 1000;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

}  // namespace ww
