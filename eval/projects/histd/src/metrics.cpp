// MetricsReporter: statsd lines over a connected UDP socket, one socket per
// push. A refused datagram means the collector is gone for this round.
#include "metrics.h"

#include "log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace histd {

namespace {

// Sends one line; on failure the socket is closed and false is returned.
bool sendLine(int fd, const std::string &line) {
  if (::send(fd, line.data(), line.size(), MSG_NOSIGNAL) >= 0)
    return true;
  log::debug("metrics: send failed: %s", std::strerror(errno));
  ::close(fd);
  return false;
}

} // namespace

MetricsReporter::MetricsReporter(const std::string &target) {
  const auto colon = target.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == target.size())
    throw std::invalid_argument("metrics target must be host:port, got '" + target + "'");
  host_ = target.substr(0, colon);
  port_ = target.substr(colon + 1);
}

int MetricsReporter::openSocket() const {
  addrinfo hints {};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo *res = nullptr;
  if (::getaddrinfo(host_.c_str(), port_.c_str(), &hints, &res) != 0)
    return -1;
  int fd = -1;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) // OK
      break;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(res);
  return fd;
}

void MetricsReporter::push(const MetricsSnapshot &snapshot) const {
  const int fd = openSocket();
  if (fd < 0) {
    log::debug("metrics: collector %s:%s not reachable", host_.c_str(), port_.c_str());
    return;
  }
  char value[48];
  for (const auto &c : snapshot.counters) {
    std::snprintf(value, sizeof value, "%llu", static_cast<unsigned long long>(c.second));
    if (!sendLine(fd, prefix_ + c.first + ":" + value + "|c")) // OK
      return;
  }
  for (const auto &g : snapshot.gauges) {
    std::snprintf(value, sizeof value, "%.6g", g.second);
    if (!sendLine(fd, prefix_ + g.first + ":" + value + "|g")) // OK
      break;
  }
  ::close(fd); // BUG: double-close
}

} // namespace histd
