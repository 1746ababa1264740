// NurseCallGateway: TCP client of the nurse-call server. Notify() answers Code::Closed when
// there is no socket, and closes the socket itself when a write fails (the server drops
// clients that stall). Close() may run once per Open(); a second Close() throws, because
// it means two components both believe they own the line. Negative file.
#include "nurse_call.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

NurseCallGateway::NurseCallGateway(std::string host, int port) : host_(std::move(host)), port_(port) {}

NurseCallGateway::~NurseCallGateway() {
  if (!IsClosed()) Close(); // OK: guarded by IsClosed()
}

Status NurseCallGateway::Open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ >= 0) return Status::ok();
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  const std::string port = std::to_string(port_);
  if (::getaddrinfo(host_.c_str(), port.c_str(), &hints, &res) != 0 || res == nullptr) {
    return Status::error(Code::IoError, "cannot resolve nurse-call host " + host_);
  }
  const int fd = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
  if (fd < 0 || ::connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(res);
    return Status::error(Code::IoError, "nurse-call server: " + std::string(std::strerror(err)));
  }
  ::freeaddrinfo(res);
  fd_ = fd;
  closed_ = false;
  return Status::ok();
}

Status NurseCallGateway::Notify(const std::string& message) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0) return Status::error(Code::Closed, "nurse-call gateway closed");
  const std::string wire = "MSG " + message + "\n";
  std::size_t off = 0;
  while (off < wire.size()) {
    const ssize_t n = ::send(fd_, wire.data() + off, wire.size() - off, MSG_NOSIGNAL); // OK: fd_ checked under mu_, which Close() also takes
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd_);
      fd_ = -1;
      return Status::error(Code::IoError, "nurse-call write failed; connection dropped");
    }
    off += static_cast<std::size_t>(n);
  }
  return Status::ok();
}

void NurseCallGateway::Close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_) throw std::logic_error("nurse-call gateway closed twice");
  closed_ = true;
  if (fd_ >= 0) ::close(fd_); // OK: a socket dropped by Notify() is already -1
  fd_ = -1;
}

bool NurseCallGateway::IsClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ < 0;
}

}  // namespace tubed
