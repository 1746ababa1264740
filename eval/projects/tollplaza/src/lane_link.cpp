// LaneLink: the length-prefixed TCP connection to one lane controller.
// Correct: close() returns at once on a closed link, so the destructor's
// close() after an explicit close() closes nothing twice.
#include "lane_link.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace toll {

LaneLink::LaneLink(LaneId lane) : lane_(lane) {}

LaneLink::~LaneLink() { close(); } // OK: close() returns at once on a link that is already closed

Result LaneLink::open(const std::string &host, std::uint16_t port) {
  Fd sock(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!sock.valid())
    return Result::fromErrno("lane " + std::to_string(lane_) + ": socket");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1)
    return Result::failure("lane " + std::to_string(lane_) + ": bad address " + host);
  if (::connect(sock.get(), reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0)
    return Result::fromErrno("lane " + std::to_string(lane_) + ": connect " + host);

  std::lock_guard<std::mutex> lock(mu_);
  sock_ = std::move(sock);
  peer_ = host + ":" + std::to_string(port);
  closed_ = false;
  return Result::success();
}

void LaneLink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (sock_.valid())
    ::shutdown(sock_.get(), SHUT_RDWR);
  sock_.close();
}

bool LaneLink::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !closed_ && sock_.valid();
}

std::string LaneLink::peer() const {
  std::lock_guard<std::mutex> lock(mu_);
  return peer_;
}

void LaneLink::send(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::logic_error("lane " + std::to_string(lane_) + ": send on a closed link");
  if (!sock_.valid())
    throw std::logic_error("lane " + std::to_string(lane_) + ": send before open");
  const std::uint32_t len = htonl(static_cast<std::uint32_t>(frame.size()));
  writeAll(&len, sizeof len);
  writeAll(frame.data(), frame.size());
}

bool LaneLink::recv(std::string &frame, int timeoutMs) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_ || !sock_.valid())
    return false;
  std::uint32_t len = 0;
  if (!readExact(&len, sizeof len, timeoutMs))
    return false;
  len = ntohl(len);
  if (len > (1u << 20))
    throw std::runtime_error("lane " + std::to_string(lane_) + ": oversized frame");
  frame.assign(len, '\0');
  return readExact(&frame[0], len, timeoutMs);
}

void LaneLink::writeAll(const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::send(sock_.get(), p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "lane " + std::to_string(lane_) + ": send");
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
}

bool LaneLink::readExact(void *data, std::size_t len, int timeoutMs) {
  char *p = static_cast<char *>(data);
  while (len > 0) {
    pollfd pfd{sock_.get(), POLLIN, 0};
    const int ready = ::poll(&pfd, 1, timeoutMs);
    if (ready <= 0)
      return false;
    const ssize_t n = ::read(sock_.get(), p, len);
    if (n <= 0) {
      if (n < 0 && errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

} // namespace toll
