// BusSegmentLink: TCP link to a fieldbus segment gateway. send() and shutdown() serialize
// on mu_, so a shutdown from another thread never closes the socket under a send in
// progress, and a send after shutdown() answers Code::Closed. Negative file.
#include "bus_segment_link.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

BusSegmentLink::BusSegmentLink(std::string name, std::string host, int port)
    : Link(std::move(name)), host_(std::move(host)), port_(port) {}

BusSegmentLink::~BusSegmentLink() {
  shutdown(); // OK: idempotent (mark_closed() lets only the first call through)
}

Status BusSegmentLink::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (is_closed()) return closed_error("open");
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  const std::string port = std::to_string(port_);
  if (::getaddrinfo(host_.c_str(), port.c_str(), &hints, &res) != 0 || res == nullptr) {
    set_state(LinkState::Down);
    return Status::error(Code::IoError, name() + ": cannot resolve " + host_);
  }
  const int fd = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
  if (fd < 0 || ::connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(res);
    set_state(LinkState::Down);
    return Status::error(Code::IoError, name() + ": " + std::strerror(err));
  }
  ::freeaddrinfo(res);
  sock_.reset(fd);
  set_state(LinkState::Up);
  heard();
  return Status::ok();
}

Status BusSegmentLink::send(const std::string& frame) {
  std::lock_guard<std::mutex> lk(mu_);
  if (is_closed()) return closed_error("send");
  if (!sock_.valid()) return Status::error(Code::Closed, name() + ": not connected");
  const std::string wire = frame + "\n";
  const ssize_t n = ::send(sock_.get(), wire.data(), wire.size(), MSG_NOSIGNAL); // OK: checked above, and shutdown() waits for mu_
  if (n < 0 || static_cast<std::size_t>(n) != wire.size()) {
    sock_.close();
    set_state(LinkState::Down);
    return Status::error(Code::IoError, name() + ": short write");
  }
  heard();
  return Status::ok();
}

void BusSegmentLink::shutdown() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!mark_closed()) return;
  sock_.close(); // OK: FdHandle::close() is a no-op if send() already dropped the socket
}

}  // namespace tubed
