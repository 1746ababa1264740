// One bound UDP socket with its receive thread.
#include "dnscache/udp_listener.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>
#include <vector>

#include "dnscache/fd_util.h"
#include "dnscache/logging.h"
#include "dnscache/socket_options.h"

namespace dnscache {

UdpListener::UdpListener(std::string address, Handler handler)
    : address_(std::move(address)), handler_(std::move(handler)) {}

UdpListener::~UdpListener() {
  stop();
  close(); // OK: close() is idempotent (closed_ exchange under sendMu_); stop() may already have closed
}

bool UdpListener::open() {
  sockaddr_storage addr{};
  socklen_t len = 0;
  if (!parseAddress(address_, addr, len)) {
    logError("udp: bad listen address %s", address_.c_str());
    return false;
  }
  const int fd = ::socket(addr.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    logError("udp: socket: %s", std::strerror(errno));
    return false;
  }
  if (!bindOrClose(fd, addr, len)) {
    logError("udp: bind %s: %s", address_.c_str(), std::strerror(errno));
    ::close(fd); // BUG: double-close — bindOrClose() already closed fd on failure
    return false;
  }
  // run() re-checks running_ between receive timeouts.
  if (!setRecvTimeout(fd, 500)) {
    closeQuietly(fd);
    return false;
  }
  fd_ = fd;
  return true;
}

void UdpListener::start() {
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void UdpListener::run() {
  std::vector<char> buf(65535);
  while (running_.load(std::memory_order_acquire)) {
    sockaddr_storage from{};
    socklen_t fromLen = sizeof from;
    const ssize_t n = ::recvfrom(fd_, buf.data(), buf.size(), 0, reinterpret_cast<sockaddr *>(&from), &fromLen); // BUG: use-after-close #udpstop — stop() closes fd_ from the main thread while this loop may be past its running_ check (or blocked here); the number can already belong to another socket
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        continue;
      if (!running_.load())
        break;
      logWarn("udp %s: recvfrom: %s", address_.c_str(), std::strerror(errno));
      continue;
    }
    handler_(*this, std::string(buf.data(), static_cast<std::size_t>(n)), from, fromLen);
  }
}

void UdpListener::stop() {
  if (!running_.exchange(false))
    return;
  // Closing the socket makes a blocked recvfrom() give up at once instead of
  // waiting out the receive timeout.
  close();
  if (thread_.joinable())
    thread_.join();
}

void UdpListener::close() {
  std::lock_guard<std::mutex> lk(sendMu_);
  if (closed_.exchange(true))
    return;
  if (fd_ >= 0)
    ::close(fd_); // SAME: udpstop
}

bool UdpListener::sendTo(const std::string &data, const sockaddr_storage &to, socklen_t toLen) {
  std::lock_guard<std::mutex> lk(sendMu_);
  if (closed_.load())
    return false;
  const ssize_t n = ::sendto(fd_, data.data(), data.size(), 0, reinterpret_cast<const sockaddr *>(&to), toLen); // OK: closed_ is checked under sendMu_, which close() holds while it closes
  return n == static_cast<ssize_t>(data.size());
}

} // namespace dnscache
