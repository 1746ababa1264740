// SatelliteUplink: short-burst messages through the satellite modem. close() is
// idempotent and takes the same mutex as send(); open() may reopen the modem
// after a close().
#include "satellite_uplink.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <utility>

SatelliteUplink::SatelliteUplink(std::string modem_device)
    : device_(std::move(modem_device)), open_(false), sent_(0) {}

SatelliteUplink::~SatelliteUplink() {
  close();  // OK: idempotent; a no-op when load shedding already closed it
}

Status SatelliteUplink::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (open_) return Status::Ok();
  const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Status::Error(Errc::Io, "cannot open modem " + device_);
  modem_.reset(fd);
  open_ = true;
  return Status::Ok();
}

Status SatelliteUplink::send(const std::string& message) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!open_) throw std::runtime_error("uplink closed");
  const std::string frame = "AT+SBDWT=" + message + "\r";
  std::size_t off = 0;
  while (off < frame.size()) {
    const ssize_t n = ::write(modem_.get(), frame.data() + off, frame.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::Error(Errc::Io, "modem write failed");
    off += static_cast<std::size_t>(n);
  }
  ++sent_;
  return Status::Ok();
}

void SatelliteUplink::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!open_) return;
  open_ = false;
  modem_.close();
}

bool SatelliteUplink::is_open() const {
  std::lock_guard<std::mutex> lk(mu_);
  return open_;
}

std::size_t SatelliteUplink::sent() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sent_;
}
