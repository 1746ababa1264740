// The RS-485 drive bus. Negative: transact() and broadcast() check the
// descriptor under the bus mutex and throw once it is shut down; the
// destructor only shuts the bus down if nobody did so before, and reopen()
// opens a fresh descriptor before anything is sent on it again.
#include "drivebus.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <system_error>
#include <termios.h>
#include <unistd.h>
#include <utility>

namespace cued {

namespace {

speed_t toSpeed(int baud) {
  switch (baud) {
  case 9600: return B9600;
  case 19200: return B19200;
  case 38400: return B38400;
  case 57600: return B57600;
  case 230400: return B230400;
  case 460800: return B460800;
  default: return B115200;
  }
}

bool writeFrame(int fd, const DriveBus::Frame &frame) {
  std::size_t off = 0;
  while (off < frame.size()) {
    const ssize_t n = ::write(fd, frame.data() + off, frame.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<std::size_t>(n);
  }
  return ::tcdrain(fd) == 0;
}

} // namespace

DriveBus::DriveBus(std::string device, int baud)
    : device_(std::move(device)), baud_(baud) {
  fd_ = openTty(baud_);
}

DriveBus::~DriveBus() {
  if (!closed())
    shutdown(); // OK: only when nobody shut the bus down before
}

int DriveBus::openTty(int baud) const {
  const int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + device_);
  termios tio{};
  ::tcgetattr(fd, &tio);
  ::cfmakeraw(&tio);
  ::cfsetspeed(&tio, toSpeed(baud));
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) {
    const int err = errno;
    ::close(fd);
    throw std::system_error(err, std::generic_category(), "configure " + device_);
  }
  return fd;
}

std::uint16_t DriveBus::crc16(const std::uint8_t *data, std::size_t len) {
  std::uint16_t crc = 0xFFFF;
  for (std::size_t i = 0; i < len; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit)
      crc = (crc & 1) ? static_cast<std::uint16_t>((crc >> 1) ^ 0xA001)
                      : static_cast<std::uint16_t>(crc >> 1);
  }
  return crc;
}

DriveBus::Frame DriveBus::transact(int address, const Frame &request) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::runtime_error("drive bus " + device_ + " shut down");

  Frame out;
  out.push_back(static_cast<std::uint8_t>(address));
  out.push_back(static_cast<std::uint8_t>(request.size()));
  out.insert(out.end(), request.begin(), request.end());
  const std::uint16_t crc = crc16(out.data(), out.size());
  out.push_back(static_cast<std::uint8_t>(crc & 0xFF));
  out.push_back(static_cast<std::uint8_t>(crc >> 8));
  if (!writeFrame(fd_, out))
    throw std::system_error(errno, std::generic_category(), "write " + device_);

  Frame in;
  std::uint8_t buf[64];
  while (in.size() < 2 || in.size() < static_cast<std::size_t>(in[1]) + 4) {
    pollfd pfd{fd_, POLLIN, 0};
    if (::poll(&pfd, 1, 50) != 1)
      throw std::runtime_error("drive " + std::to_string(address) + " did not answer");
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n < 0 && errno != EINTR)
      throw std::system_error(errno, std::generic_category(), "read " + device_);
    if (n > 0)
      in.insert(in.end(), buf, buf + n);
  }
  const std::size_t body = in.size() - 2;
  const std::uint16_t got =
      static_cast<std::uint16_t>(in[body] | (in[body + 1] << 8));
  if (in[0] != address || got != crc16(in.data(), body))
    throw std::runtime_error("corrupt reply from drive " + std::to_string(address));
  return Frame(in.begin() + 2, in.begin() + static_cast<long>(body));
}

void DriveBus::broadcast(const Frame &request) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::runtime_error("drive bus " + device_ + " shut down");
  Frame out{0xFF, static_cast<std::uint8_t>(request.size())};
  out.insert(out.end(), request.begin(), request.end());
  const std::uint16_t crc = crc16(out.data(), out.size());
  out.push_back(static_cast<std::uint8_t>(crc & 0xFF));
  out.push_back(static_cast<std::uint8_t>(crc >> 8));
  writeFrame(fd_, out);
}

void DriveBus::shutdown() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("drive bus " + device_ + " already shut down");
  ::tcdrain(fd_);
  ::close(std::exchange(fd_, -1));
}

void DriveBus::reopen(int baud) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ >= 0)
    return;
  if (baud > 0)
    baud_ = baud;
  fd_ = openTty(baud_);
}

bool DriveBus::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ < 0;
}

} // namespace cued
