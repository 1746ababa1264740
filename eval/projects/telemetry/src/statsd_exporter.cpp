// statsd_exporter.cpp: StatsdExporter, counters and gauges sent to statsd as
// UDP datagrams ("name:value|type").
#include "telemetry/statsd_exporter.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace telemetry {

StatsdExporter::StatsdExporter(const std::string& host, int port) {
  fd_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) {
    throw std::system_error(errno, std::generic_category(), "statsd socket");
  }
  addr_.sin_family = AF_INET;
  addr_.sin_port = htons(static_cast<uint16_t>(port));
  if (::inet_pton(AF_INET, host.c_str(), &addr_.sin_addr) != 1) {
    ::close(fd_);
    throw std::invalid_argument("statsd host must be an IPv4 address: " + host);
  }
}

StatsdExporter::~StatsdExporter() { Close(); }

void StatsdExporter::Emit(const std::string& name, double value,
                          const char* type) {
  if (closed_) {
    throw std::logic_error("StatsdExporter::Emit() called after Close()");
  }
  char buf[512];
  const int len =
      std::snprintf(buf, sizeof(buf), "%s:%g|%s", name.c_str(), value, type);
  if (len <= 0 || static_cast<size_t>(len) >= sizeof(buf)) {
    return;  // name too long for one datagram: drop the sample
  }
  // A lost datagram is a lost sample; nothing to retry.
  ::sendto(fd_, buf, static_cast<size_t>(len), 0,
           reinterpret_cast<const sockaddr*>(&addr_), sizeof(addr_));
}

void StatsdExporter::Close() {
  if (closed_) return;
  closed_ = true;
  ::close(fd_);
  fd_ = -1;
}

bool StatsdExporter::IsClosed() const { return closed_; }

}  // namespace telemetry
