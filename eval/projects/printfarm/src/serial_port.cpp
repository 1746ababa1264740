// SerialPort: raw-mode tty access for printer boards (see serial_port.h for the contract).
#include "printfarm/serial_port.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <termios.h>
#include <unistd.h>
#include <utility>

namespace printfarm {
namespace {

speed_t toSpeed(int baud) {
  switch (baud) {
  case 9600:
    return B9600;
  case 57600:
    return B57600;
  case 230400:
    return B230400;
  case 115200:
  default:
    return B115200;
  }
}

constexpr int kWriteStallMs = 10000; // a board that takes nothing for 10 s is hung

} // namespace

SerialPort::SerialPort(std::string device, int baud) : device_(std::move(device)), baud_(baud) {}

SerialPort::~SerialPort() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: quick_probe
}

SerialPort::SerialPort(SerialPort &&other) noexcept
    : device_(std::move(other.device_)), baud_(other.baud_), fd_(other.fd_),
      rx_(std::move(other.rx_)) {
  other.fd_ = -1;
}

SerialPort &SerialPort::operator=(SerialPort &&other) noexcept {
  if (this != &other) {
    if (fd_ >= 0)
      ::close(fd_);
    device_ = std::move(other.device_);
    baud_ = other.baud_;
    fd_ = other.fd_;
    rx_ = std::move(other.rx_);
    other.fd_ = -1;
  }
  return *this;
}

bool SerialPort::open() {
  if (fd_ >= 0)
    return true;
  int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return false;
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    return false;
  }
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, toSpeed(baud_));
  ::cfsetospeed(&tio, toSpeed(baud_));
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) {
    ::close(fd);
    return false;
  }
  ::tcflush(fd, TCIOFLUSH);
  fd_ = fd;
  rx_.clear();
  return true;
}

bool SerialPort::reopen() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  rx_.clear();
  return open();
}

void SerialPort::close() {
  if (fd_ < 0)
    throw std::logic_error("serial port already closed: " + device_);
  const int fd = fd_;
  fd_ = -1;
  rx_.clear();
  ::close(fd);
}

void SerialPort::abandon() noexcept {
  fd_ = -1;
  rx_.clear();
}

void SerialPort::write(const std::string &data) {
  if (fd_ < 0)
    throw std::runtime_error("serial port closed: " + device_);
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd_, data.data() + off, data.size() - off);
    if (n > 0) {
      off += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      pollfd p{fd_, POLLOUT, 0};
      if (::poll(&p, 1, kWriteStallMs) == 0)
        throw std::runtime_error("serial write stalled on " + device_);
      continue;
    }
    throw std::runtime_error("serial write failed on " + device_ + ": " + std::strerror(errno));
  }
}

std::string SerialPort::readLine(int timeoutMs) {
  if (fd_ < 0)
    throw std::runtime_error("serial port closed: " + device_);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  for (;;) {
    const auto nl = rx_.find('\n');
    if (nl != std::string::npos) {
      std::string line = rx_.substr(0, nl);
      rx_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return line;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
      return {};
    pollfd p{fd_, POLLIN, 0};
    const int rc = ::poll(&p, 1, static_cast<int>(left));
    if (rc < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("poll failed on " + device_ + ": " + std::strerror(errno));
    }
    if (rc == 0)
      return {};
    if (p.revents & (POLLERR | POLLHUP | POLLNVAL))
      throw std::runtime_error("serial device gone: " + device_);
    char buf[256];
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n > 0)
      rx_.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || (errno != EAGAIN && errno != EINTR))
      throw std::runtime_error("serial read failed on " + device_);
  }
}

} // namespace printfarm
