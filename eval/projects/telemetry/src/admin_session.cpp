// admin_session.cpp: AdminSession, an operator's connection on the admin
// socket: line-oriented reads and writes on a descriptor.
#include "telemetry/admin_session.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace telemetry {

AdminSession::AdminSession(int fd, std::string peer)
    : fd_(fd), peer_(std::move(peer)) {}

AdminSession::~AdminSession() { close(); }

std::optional<std::string> AdminSession::readLine() {
  if (fd_ < 0)
    throw std::runtime_error("admin session " + peer_ + " is closed");
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return line;
    }
    char chunk[512];
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n == 0)
      return std::nullopt;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return std::nullopt; // includes the receive timeout (EAGAIN)
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void AdminSession::write(const std::string &text) {
  if (fd_ < 0)
    throw std::runtime_error("admin session " + peer_ +
                             " is closed, cannot write");
  const char *p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(),
                              "write to admin session " + peer_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

void AdminSession::close() noexcept {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

} // namespace telemetry
