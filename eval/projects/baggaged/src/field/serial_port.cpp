// SerialPort: RS-422 line to a belt PLC. write()/read() refuse a closed port;
// close() on a closed port is a logic error (it means two owners). Correct
// as written: close() resets fd_, so the destructor closes only a port that
// is still open.
#include "serial_port.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

SerialPort::SerialPort(std::string device) : device_(std::move(device)) {}

SerialPort::~SerialPort() {
  if (fd_ >= 0) ::close(fd_); // OK: only a port nobody closed explicitly
}

Status SerialPort::open() {
  if (fd_ >= 0) return Status::Error(StatusCode::Busy, device_ + " already open");
  int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Status::Error(StatusCode::IoError, device_ + ": " + std::strerror(errno));
  fd_ = fd;
  return Status::Ok();
}

void SerialPort::close() {
  if (fd_ < 0) throw std::logic_error("serial port " + device_ + " already closed");
  ::close(fd_);
  fd_ = -1;
}

bool SerialPort::isOpen() const { return fd_ >= 0; }

void SerialPort::write(const std::string& bytes) {
  if (fd_ < 0) throw std::runtime_error("serial port " + device_ + " closed");
  std::size_t off = 0;
  while (off < bytes.size()) {
    ssize_t n = ::write(fd_, bytes.data() + off, bytes.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("serial port " + device_ + ": " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

std::string SerialPort::read(std::size_t max) {
  if (fd_ < 0) throw std::runtime_error("serial port " + device_ + " closed");
  std::string buf(max, '\0');
  ssize_t n;
  do {
    n = ::read(fd_, &buf[0], max);
  } while (n < 0 && errno == EINTR);
  if (n < 0) throw std::runtime_error("serial port " + device_ + ": " + std::strerror(errno));
  buf.resize(static_cast<std::size_t>(n));
  return buf;
}

const std::string& SerialPort::device() const { return device_; }
