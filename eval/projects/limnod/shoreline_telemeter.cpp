// ShorelineTelemeter: radio link to shore. close() drains queued frames first; an
// interrupted drain returns -1/EINTR and leaves the telemeter open, so retrying
// close() is correct. Closing a closed telemeter is a no-op. Negative: the retry
// in closeTelemeterRetrying() runs only after a close that failed with EINTR.
#include "shoreline_telemeter.h"
#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

ShorelineTelemeter::ShorelineTelemeter(std::string host, int port)
    : host_(std::move(host)), port_(port) {}

ShorelineTelemeter::~ShorelineTelemeter() {
  if (fd_ >= 0)
    ::close(fd_);
}

bool ShorelineTelemeter::open() {
  if (fd_ >= 0)
    return true;
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port_));
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return false;
  }
  fd_ = fd;
  return true;
}

void ShorelineTelemeter::send(const std::string &frame) {
  if (fd_ < 0)
    throw std::runtime_error("shoreline telemeter closed: " + host_);
  pending_.push_back(frame + "\n");
  if (pending_.size() >= 8 && !drainPending() && errno != EINTR)
    throw std::runtime_error("shoreline radio write failed: " + host_);
}

bool ShorelineTelemeter::drainPending() {
  while (!pending_.empty()) {
    const std::string &f = pending_.front();
    if (::send(fd_, f.data(), f.size(), MSG_NOSIGNAL) < 0)
      return false; // errno tells why; EINTR leaves the frame queued
    pending_.erase(pending_.begin());
  }
  return true;
}

int ShorelineTelemeter::close() {
  if (fd_ < 0)
    return 0;
  if (!drainPending()) {
    const int err = errno;
    if (err == EINTR)
      return -1; // nothing released: call close() again
    pending_.clear();
    ::close(fd_);
    fd_ = -1;
    errno = err;
    return -1;
  }
  ::close(fd_);
  fd_ = -1;
  return 0;
}

void closeTelemeterRetrying(ShorelineTelemeter &telemeter) {
  if (telemeter.close() == 0 || errno != EINTR)
    return;
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (telemeter.close() == 0) // OK: a close interrupted by EINTR released nothing, retry it
      return;
    if (errno != EINTR)
      return;
  }
}
