// Vessel telemetry, beacon side: the latest fix is broadcast on UDP for the
// quay displays, once a second from the beacon thread (beaconLoop) and on
// demand (sendBeacon). rebindBeacon() moves the beacon to another port when
// the harbour network changes its plan.
#include "telemetry.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>

#include "io_util.h"

namespace ferry {

namespace {
sockaddr_in broadcastAddr(std::uint16_t port) {
  sockaddr_in dst{};
  dst.sin_family = AF_INET;
  dst.sin_port = htons(port);
  dst.sin_addr.s_addr = htonl(INADDR_BROADCAST);
  return dst;
}

int openBroadcastSocket(int &err) {
  const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    err = errno;
    return -1;
  }
  int on = 1;
  if (::setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &on, sizeof on) != 0) {
    err = errno;
    closeQuietly(fd);
    return -1;
  }
  return fd;
}

ssize_t sendTo(int fd, const std::string &text, const sockaddr_in &dst) {
  return ::sendto(fd, text.data(), text.size(), MSG_NOSIGNAL,
                  reinterpret_cast<const sockaddr *>(&dst), sizeof dst);
}
} // namespace

Status VesselTelemetryReader::startBeacon(std::uint16_t port) {
  int err = 0;
  const int fd = openBroadcastSocket(err);
  if (fd < 0)
    return Status::IoError(err, "beacon socket");
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) {
    closeQuietly(fd);
    return Status::Closed("telemetry stopped");
  }
  if (beaconFd_ >= 0)
    closeQuietly(beaconFd_);
  beaconFd_ = fd;
  beaconPort_ = port;
  const sockaddr_in dst = broadcastAddr(port);
  sendTo(beaconFd_, "BEACON UP " + device_, dst); // OK: beaconFd_ now holds the new socket
  return Status::Ok();
}

Status VesselTelemetryReader::rebindBeacon(std::uint16_t port) {
  int err = 0;
  const int fd = openBroadcastSocket(err);
  if (fd < 0)
    return Status::IoError(err, "beacon socket");
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) {
    closeQuietly(fd);
    return Status::Closed("telemetry stopped");
  }
  const int old = beaconFd_;
  const std::uint16_t oldPort = beaconPort_;
  beaconFd_ = fd;
  beaconPort_ = port;
  closeQuietly(old);
  const std::string note = "BEACON MOVED " + std::to_string(port);
  const sockaddr_in dst = broadcastAddr(oldPort);
  ::sendto(old, note.data(), note.size(), MSG_NOSIGNAL, reinterpret_cast<const sockaddr *>(&dst), sizeof dst); // BUG: use-after-close
  return Status::Ok();
}

Status VesselTelemetryReader::sendBeacon(const TelemetrySample &sample) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_ || beaconFd_ < 0)
    return Status::Closed("beacon stopped");
  const sockaddr_in dst = broadcastAddr(beaconPort_);
  if (sendTo(beaconFd_, encodeSample(sample), dst) < 0) // OK: checked under mu_, which stop() holds while closing
    return Status::IoError(errno, "beacon send");
  return Status::Ok();
}

void VesselTelemetryReader::beaconLoop() {
  const sockaddr_in dst = broadcastAddr(beaconPort_);
  while (!stopped_.load()) {
    const std::string line = encodeSample(latest());
    ::sendto(beaconFd_, line.data(), line.size(), MSG_NOSIGNAL, reinterpret_cast<const sockaddr *>(&dst), sizeof dst); // BUG: use-after-close #beaconrace
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

} // namespace ferry
