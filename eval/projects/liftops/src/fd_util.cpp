// Descriptor helpers: full writes, close with EINTR retry, TCP/UDP setup,
// and the weather snapshot sender (which closes the descriptor on a failed
// write, as its header says). Each close here runs once per descriptor:
// connectTcp closes only on paths that then return -1.
#include "fd_util.h"

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace liftops {

bool writeAll(int fd, const std::string &data) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

int closeRetrying(int fd) {
  int rc = ::close(fd);
  for (int attempt = 0; rc != 0 && errno == EINTR && attempt < 3; ++attempt) {
    rc = ::close(fd); // OK: retried only after EINTR
  }
  return rc;
}

int connectTcp(const std::string &host, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1) {
    ::close(fd);
    return -1;
  }
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd); // OK: the bad-address path above returned before this close
    return -1;
  }
  return fd;
}

int openUdp(int port) {
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

Status sendSnapshot(int fd, const std::string &payload) {
  std::string framed = std::to_string(payload.size()) + "\n" + payload;
  if (!writeAll(fd, framed)) {
    ::close(fd);
    return Status::error(Errc::Io, "snapshot write failed");
  }
  return Status::ok();
}

} // namespace liftops
