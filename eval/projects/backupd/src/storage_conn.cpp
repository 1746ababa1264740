// StorageConn: see storage_conn.h for the close semantics (close() twice
// throws std::logic_error; send()/recvLine() throw once closed; reconnect()
// leaves the connection closed when it fails).
#include "backupd/storage_conn.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include "backupd/scope_guard.h"

namespace backupd {
namespace {
constexpr int kIoTimeoutSec = 20;
}

StorageConn::StorageConn(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {}

StorageConn::~StorageConn() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() and reconnect() reset fd_ to -1, so this runs only for an open socket
}

std::string StorageConn::endpoint() const { return host_ + ":" + std::to_string(port_); }

bool StorageConn::connect() {
  if (fd_ >= 0)
    return true;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  if (::getaddrinfo(host_.c_str(), std::to_string(port_).c_str(), &hints, &res) != 0)
    return false;
  ScopeGuard freeAddrs([res] { ::freeaddrinfo(res); });

  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
      ::close(fd); // OK: this candidate failed; the next one gets its own descriptor
      continue;
    }
    timeval tv{};
    tv.tv_sec = kIoTimeoutSec;
    if (::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) != 0) {
      ::close(fd); // OK: failure path, returns right after
      return false;
    }
    fd_ = fd;
    rbuf_.clear();
    return true;
  }
  return false;
}

bool StorageConn::reconnect() {
  if (fd_ >= 0) {
    ::close(fd_); // OK: reset on the next line, so neither close() nor the destructor sees it again
    fd_ = -1;
  }
  return connect();
}

void StorageConn::send(const std::string &frame) {
  if (fd_ < 0)
    throw std::runtime_error("storage connection closed: " + endpoint());
  std::size_t off = 0;
  while (off < frame.size()) {
    const ssize_t n = ::send(fd_, frame.data() + off, frame.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("send to " + endpoint() + " failed: " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

std::string StorageConn::recvLine() {
  if (fd_ < 0)
    throw std::runtime_error("storage connection closed: " + endpoint());
  for (;;) {
    const auto nl = rbuf_.find('\n');
    if (nl != std::string::npos) {
      std::string line = rbuf_.substr(0, nl);
      rbuf_.erase(0, nl + 1);
      return line;
    }
    char buf[4096];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n == 0)
      throw std::runtime_error("storage server " + endpoint() + " closed the stream");
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("recv from " + endpoint() + " failed: " + std::strerror(errno));
    }
    rbuf_.append(buf, static_cast<std::size_t>(n));
  }
}

void StorageConn::close() {
  if (fd_ < 0)
    throw std::logic_error("StorageConn::close: already closed: " + endpoint());
  ::close(fd_);
  fd_ = -1;
  rbuf_.clear();
}

} // namespace backupd
