#include "chatd/listener.h"
#include "chatd/util.h"

#include <cstdio>
#include <utility>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace chatd {

Listener::Listener(std::uint16_t port, std::size_t maxClients)
    : port_(port), maxClients_(maxClients) {}

Listener::~Listener() {
  if (acceptThread_.joinable()) {
    running_ = false;
    ::shutdown(listenFd_, SHUT_RDWR);
    acceptThread_.join();
  }
  if (listenFd_ >= 0)
    ::close(listenFd_); // BUG: double-close
}

bool Listener::open() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);

  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = htons(port_);
  if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 64) != 0) {
    std::perror("chatd: listen");
    closeQuietly(fd);
    return false;
  }
  listenFd_ = fd;
  return true;
}

void Listener::start(AcceptHandler onAccept) {
  onAccept_ = std::move(onAccept);
  running_ = true;
  acceptThread_ = std::thread([this] { acceptLoop(); });
}

void Listener::stop() {
  if (!running_.exchange(false))
    return;
  // Wake the accept thread, wait for it, then release the descriptor.
  ::shutdown(listenFd_, SHUT_RDWR);
  if (acceptThread_.joinable())
    acceptThread_.join();
  ::close(listenFd_);
}

void Listener::acceptLoop() {
  while (running_.load())
    acceptOne();
}

void Listener::acceptOne() {
  const int cfd = ::accept(listenFd_, nullptr, nullptr); // OK: stop() joins this thread before it closes listenFd_
  if (cfd < 0)
    return;

  if (paused_.load()) {
    sendBusyAndClose(cfd);
    return;
  }
  if (!configureSocket(cfd)) {
    ++rejected_;
    return;
  }

  bool reject = false;
  int err = 0;
  socklen_t len = sizeof err;
  if (::getsockopt(cfd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) { // OK: configureSocket() closes cfd only when it fails, and that path returned above
    closeQuietly(cfd);
    reject = true;
  }
  if (reject || atCapacity()) {
    closeQuietly(cfd); // BUG: double-close #accept_reject
    ++rejected_;
    return;
  }
  onAccept_(Socket(cfd));
}

void Listener::sendBusyAndClose(int fd) {
  if (!configureSocket(fd))
    std::fprintf(stderr, "chatd: could not configure fd %d\n", fd);
  static const char kBusy[] = "ERR server full, try again later\n";
  ::send(fd, kBusy, sizeof kBusy - 1, MSG_NOSIGNAL); // BUG: use-after-close
  ::close(fd); // BUG: double-close
  ++rejected_;
}

} // namespace chatd
