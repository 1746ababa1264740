// SerialPort: raw-mode RS-485 port of a ward station. write() throws when the port is not
// open, read_line() returns Code::Closed; close() is idempotent and open() releases a
// previous descriptor first, so reopening the same object is the normal reconnect path.
// Negative file.
#include "serial_port.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/types.h>
#include <termios.h>
#include <unistd.h>

namespace tubed {

SerialPort::SerialPort() = default;

SerialPort::~SerialPort() {
  close(); // OK: idempotent
}

Status SerialPort::open(const std::string& device) {
  close(); // OK: reopening releases the previous descriptor first
  const int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Status::error(Code::IoError, device + ": " + std::strerror(errno));
  termios tio{};
  if (::tcgetattr(fd, &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetispeed(&tio, B19200);
    ::cfsetospeed(&tio, B19200);
    ::tcsetattr(fd, TCSANOW, &tio);
  }
  fd_ = fd;
  device_ = device;
  return Status::ok();
}

bool SerialPort::isOpen() const { return fd_ >= 0; }

void SerialPort::write(const std::string& data) {
  if (fd_ < 0) throw std::runtime_error("serial port closed: " + device_);
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd_, data.data() + off, data.size() - off); // OK: fd_ checked above; close() runs under the same owner's lock
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("serial write failed on " + device_ + ": " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

Result<std::string> SerialPort::read_line() {
  if (fd_ < 0) return Status::error(Code::Closed, "serial port closed: " + device_);
  std::string line;
  for (;;) {
    char c = 0;
    const ssize_t n = ::read(fd_, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::error(Code::IoError, device_ + ": read failed");
    if (c == '\n') break;
    if (c != '\r') line.push_back(c);
  }
  return line;
}

void SerialPort::close() {
  if (fd_ < 0) return;
  ::close(fd_);
  fd_ = -1;
}

const std::string& SerialPort::device() const { return device_; }

}  // namespace tubed
