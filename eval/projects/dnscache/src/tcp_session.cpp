// One accepted DNS-over-TCP client.
#include "dnscache/tcp_session.h"

#include <cerrno>
#include <linux/sockios.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dnscache/fd_util.h"

namespace dnscache {

namespace {
int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
} // namespace

TcpSession::TcpSession(int id, int fd, std::string peer)
    : id_(id), fd_(fd), peer_(std::move(peer)), lastActiveMs_(nowMs()) {}

TcpSession::~TcpSession() {
  close(); // OK: close() is idempotent; the table or the idle timer has usually closed the session already
}

void TcpSession::touch() { lastActiveMs_.store(nowMs()); }

TcpSession::ReadResult TcpSession::readFrame(std::string &out) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return ReadResult::Closed;
  for (;;) {
    if (rx_.size() >= 2) {
      const std::size_t len =
          (static_cast<std::size_t>(static_cast<uint8_t>(rx_[0])) << 8) | static_cast<uint8_t>(rx_[1]);
      if (rx_.size() >= 2 + len) {
        out.assign(rx_, 2, len);
        rx_.erase(0, 2 + len);
        touch();
        return ReadResult::Frame;
      }
    }
    char buf[4096];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0); // OK: closed_ was checked under mu_, and close() needs mu_
    if (n > 0) {
      rx_.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0)
      return ReadResult::Closed;
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return ReadResult::Timeout;
    return ReadResult::Closed;
  }
}

bool TcpSession::trySend(const std::string &message) {
  if (message.size() > 0xffff)
    return false;
  std::string framed;
  framed.reserve(message.size() + 2);
  framed.push_back(static_cast<char>(message.size() >> 8));
  framed.push_back(static_cast<char>(message.size() & 0xff));
  framed += message;
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return false;
  if (!sendAll(fd_, framed.data(), framed.size())) // OK: closed_ was checked under mu_, and close() needs mu_
    return false;
  touch();
  return true;
}

void TcpSession::shutdownWrite() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("tcp session " + std::to_string(id_) + ": shutdownWrite() after close()");
  ::shutdown(fd_, SHUT_WR); // OK: the closed_ check above holds mu_, which close() needs
}

int TcpSession::unsentBytes() const {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("tcp session " + std::to_string(id_) + ": unsentBytes() after close()");
  int n = 0;
  if (::ioctl(fd_, SIOCOUTQ, &n) != 0)
    return 0;
  return n;
}

void TcpSession::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  ::close(fd_);
}

bool TcpSession::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_;
}

std::chrono::milliseconds TcpSession::idleFor() const {
  return std::chrono::milliseconds(nowMs() - lastActiveMs_.load());
}

} // namespace dnscache
