// MarketDataPublisher implementation: UDP multicast sender.
// Planted defect: publishSnapshot() closes the socket when one datagram fails but keeps
// looping over the remaining levels, sending on the closed socket.
#include "matchd/md_publisher.h"

#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "matchd/connection.h"
#include "matchd/net_util.h"

namespace matchd {

MarketDataPublisher::MarketDataPublisher(const std::string &groupIp, std::uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (fd_ < 0) throw IoError(std::string("md: socket: ") + std::strerror(errno));
  unsigned char ttl = 1;
  if (::setsockopt(fd_, IPPROTO_IP, IP_MULTICAST_TTL, &ttl, sizeof ttl) != 0) {
    ::close(fd_); // OK: the constructor throws next, so the destructor never runs for this object
    throw IoError(std::string("md: IP_MULTICAST_TTL: ") + std::strerror(errno));
  }
  dest_.sin_family = AF_INET;
  dest_.sin_port = htons(port);
  if (::inet_pton(AF_INET, groupIp.c_str(), &dest_.sin_addr) != 1) {
    ::close(fd_); // constructor error path, throws right after; not closed again
    throw IoError("md: bad multicast group " + groupIp);
  }
  connected_ = true;
}

MarketDataPublisher::~MarketDataPublisher() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ >= 0) ::close(fd_); // OK: closeLocked() resets fd_ to -1
}

bool MarketDataPublisher::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return connected_;
}

std::uint64_t MarketDataPublisher::sent() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sent_;
}

bool MarketDataPublisher::sendDatagramLocked(const std::string &payload) {
  if (fd_ < 0) throw std::logic_error("md: send on closed socket");
  const ssize_t n = ::sendto(fd_, payload.data(), payload.size(), 0, reinterpret_cast<const sockaddr *>(&dest_), // SAME: snapLoop
                             sizeof dest_);
  if (n < 0) return false;
  ++sent_;
  return true;
}

void MarketDataPublisher::closeLocked() {
  ::close(fd_);
  fd_ = -1;
  connected_ = false;
}

void MarketDataPublisher::publish(const MdUpdate &u) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) throw std::logic_error("md: publish after shutdown");
  if (!sendDatagramLocked(encodeMd(u))) throw IoError(std::string("md: sendto: ") + std::strerror(errno));
}

std::size_t MarketDataPublisher::publishSnapshot(const std::vector<MdUpdate> &levels) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) return 0; // snapshot channel already given up; consumers fall back to the incremental feed
  std::size_t n = 0;
  for (const auto &u : levels) {
    if (sendDatagramLocked(encodeMd(u))) { // BUG: use-after-close #snapLoop
      ++n;
      continue;
    }
    logError(std::string("md: snapshot send failed, closing snapshot socket: ") + std::strerror(errno));
    closeLocked();
  }
  return n;
}

void MarketDataPublisher::shutdown() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!connected_) return;
  closeLocked(); // OK: connected_ checked under mu_; shutdown() is idempotent
}

} // namespace matchd
