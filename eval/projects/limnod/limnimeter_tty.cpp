// LimnimeterTty: a serial limnimeter. readLevel() throws once the tty is closed,
// close() throws when it is already closed.
#include "limnimeter_tty.h"
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

LimnimeterTty::LimnimeterTty(std::string device) : device_(std::move(device)) {}

LimnimeterTty::~LimnimeterTty() {
  if (fd_ >= 0)
    ::close(fd_);
}

bool LimnimeterTty::open() {
  if (fd_ >= 0)
    return true;
  fd_ = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  return fd_ >= 0;
}

double LimnimeterTty::readLevel() {
  if (fd_ < 0)
    throw std::runtime_error("limnimeter closed: " + device_);
  std::string line;
  for (;;) {
    char c = 0;
    ssize_t n = ::read(fd_, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw std::runtime_error("limnimeter read failed: " + device_);
    if (c == '\n')
      break;
    line.push_back(c);
  }
  return std::strtod(line.c_str(), nullptr);
}

void LimnimeterTty::close() {
  if (fd_ < 0)
    throw std::logic_error("limnimeter closed twice: " + device_);
  const int fd = fd_;
  fd_ = -1;
  ::close(fd);
}
