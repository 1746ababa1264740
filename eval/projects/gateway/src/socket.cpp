// ClientSocket over a POSIX descriptor. write() loops over partial writes and
// throws on a closed socket; close() goes through closeQuietly(int) in
// util.cpp and sets fd_ to -1, so a second close() is a no-op. Quiet line:
// the destructor's close(), which runs again after Fanout::closeAll() has
// closed every client (fanout.cpp).
#include "gateway/socket.h"

#include "gateway/util.h"

#include <cerrno>
#include <cstddef>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace gateway {

ClientSocket::ClientSocket(int fd) : fd_(fd) {}

ClientSocket::~ClientSocket() {
  close(); // OK: no-op when the socket was closed before
}

void ClientSocket::write(const std::string &data) {
  if (fd_ < 0)
    throw std::logic_error("write on a closed client socket");
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "client write");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

void ClientSocket::close() {
  if (fd_ < 0)
    return;
  closeQuietly(fd_);
  fd_ = -1;
}

bool ClientSocket::is_open() const { return fd_ >= 0; }

} // namespace gateway
