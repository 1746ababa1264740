// DeviceSession: a device's TCP connection (see device_session.h for the
// close/send contract).
#include "iotbridge/device_session.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include "iotbridge/log.h"
#include "iotbridge/telemetry.h"

namespace iotbridge {
namespace {
constexpr std::size_t kMaxLine = 4096;
}

DeviceSession::DeviceSession(std::string peer, int fd)
    : peer_(std::move(peer)), deviceId_(peer_), fd_(fd), lastSeenMs_(nowMs()) {}

DeviceSession::~DeviceSession() {
  if (!closed_.exchange(true)) {
    ::close(fd_);  // OK: runs only when close() never did
  }
}

bool DeviceSession::send(const std::string& payload) {
  if (closed_.load()) {
    throw std::runtime_error("send on closed session " + deviceId_);
  }
  const char* p = payload.data();
  std::size_t left = payload.size();
  while (left > 0) {
    ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      lastErrno_ = errno;
      IOTB_LOG(Debug, "session", deviceId_ << ": send failed, errno " << lastErrno_.load());
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool DeviceSession::takeLine(std::string& line) {
  std::size_t nl = rxBuf_.find('\n');
  if (nl == std::string::npos) return false;
  line.assign(rxBuf_, 0, nl);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  rxBuf_.erase(0, nl + 1);
  return true;
}

std::optional<std::string> DeviceSession::readLine(int timeoutMs) {
  if (closed_.load()) {
    throw std::runtime_error("read on closed session " + deviceId_);
  }
  std::string line;
  const std::int64_t deadline = nowMs() + timeoutMs;
  while (!takeLine(line)) {
    const std::int64_t remaining = deadline - nowMs();
    if (remaining <= 0 || rxBuf_.size() > kMaxLine) return std::nullopt;
    pollfd pfd{fd_, POLLIN, 0};
    int ready = ::poll(&pfd, 1, static_cast<int>(remaining));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char buf[1024];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    rxBuf_.append(buf, static_cast<std::size_t>(n));
  }
  return line;
}

bool DeviceSession::readAvailable(std::vector<std::string>& frames) {
  if (closed_.load()) {
    throw std::runtime_error("read on closed session " + deviceId_);
  }
  char buf[4096];
  ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
  if (n == 0) return false;
  if (n < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return true;
    lastErrno_ = errno;
    return false;
  }
  rxBuf_.append(buf, static_cast<std::size_t>(n));
  std::string line;
  while (takeLine(line)) {
    if (!line.empty()) frames.push_back(line);
  }
  // A device that streams without newlines is broken; drop it.
  return rxBuf_.size() <= kMaxLine;
}

void DeviceSession::close() {
  if (closed_.exchange(true)) {
    throw std::logic_error("DeviceSession::close called twice for " + deviceId_);
  }
  ::close(fd_);
}

void DeviceSession::touch() { lastSeenMs_.store(nowMs()); }

}  // namespace iotbridge
