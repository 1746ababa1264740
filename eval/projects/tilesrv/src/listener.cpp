// Listener: binds the client port and accepts non-blocking connections. When
// the process runs out of descriptors, a spare one is given up to accept and
// drop the pending peer, so the level-triggered poll does not spin.
#include "listener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

#include "log.h"

namespace tilesrv {
namespace {

// Returns 0, or -errno with the descriptor already closed.
int bindAndListen(int fd, const sockaddr_in &addr, int backlog) {
  int one = 1;
  if (::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
      ::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 || ::listen(fd, backlog) != 0) {
    const int err = errno;
    ::close(fd);
    return -err;
  }
  return 0;
}

std::string formatPeer(const sockaddr_in &addr) {
  char host[INET_ADDRSTRLEN] = "?";
  ::inet_ntop(AF_INET, &addr.sin_addr, host, sizeof host);
  return std::string(host) + ":" + std::to_string(ntohs(addr.sin_port));
}

} // namespace

Listener::Listener(const std::string &host, std::uint16_t port, int backlog) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1)
    throw std::invalid_argument("listen address is not IPv4: " + host);

  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "socket");
  const int rc = bindAndListen(fd, addr, backlog);
  if (rc < 0)
    throw std::system_error(-rc, std::generic_category(), "listen on " + host + ":" + std::to_string(port));

  const int flags = ::fcntl(fd, F_GETFL); // OK: bindAndListen closed it only on the failure it reported
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) { // OK
    const int err = errno;
    ::close(fd);
    throw std::system_error(err, std::generic_category(), "fcntl O_NONBLOCK");
  }
  sock_.reset(fd);
  spare_.reset(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  address_ = host + ":" + std::to_string(port);
}

Listener::~Listener() { stop(); } // OK: stop() returns at once when the socket is already closed

Fd Listener::acceptClient(std::string *peer) {
  if (!sock_)
    throw std::logic_error("listener on " + address_ + " is stopped");
  for (;;) {
    sockaddr_in addr{};
    socklen_t len = sizeof addr;
    const int fd = ::accept4(sock_.get(), reinterpret_cast<sockaddr *>(&addr), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      if (peer)
        *peer = formatPeer(addr);
      return Fd(fd);
    }
    if (errno == EINTR || errno == ECONNABORTED)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return Fd();
    if ((errno == EMFILE || errno == ENFILE) && spare_) {
      log::warn("out of descriptors on %s, shedding a connection", address_.c_str());
      spare_.reset();
      const int shed = ::accept(sock_.get(), nullptr, nullptr);
      if (shed >= 0)
        ::close(shed);
      spare_.reset(::open("/dev/null", O_RDONLY | O_CLOEXEC)); // OK: spare_ is empty here, the reset closes nothing
      return Fd();
    }
    throw std::system_error(errno, std::generic_category(), "accept on " + address_);
  }
}

void Listener::stop() {
  if (!sock_)
    return;
  log::info("no longer accepting on %s", address_.c_str());
  sock_.reset();
  spare_.reset();
}

} // namespace tilesrv
