// GpioSense: reads a studio GPIO input from its sysfs value file. A failed
// read closes the file and resets fd_; ensureOpen() reopens it on the next
// call, so every read is on a descriptor that is open.
#include "gpio_sense.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <utility>

GpioSense::GpioSense(std::string valuePath) : path_(std::move(valuePath)) {}

GpioSense::~GpioSense() { release(); }

bool GpioSense::ensureOpen() {
  if (fd_ >= 0)
    return true;
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  return fd_ >= 0;
}

int GpioSense::level() {
  if (!ensureOpen())
    return -1;
  char c = 0;
  if (::pread(fd_, &c, 1, 0) != 1) { // OK: ensureOpen() reopened a descriptor closed by an earlier failure
    ::close(fd_);
    fd_ = -1;
    return -1;
  }
  return c == '1' ? 1 : 0;
}

bool GpioSense::waitEdge(int timeoutMs) {
  if (!ensureOpen())
    return false;
  pollfd pfd{fd_, POLLPRI | POLLERR, 0};
  const int n = ::poll(&pfd, 1, timeoutMs); // OK: ensureOpen() succeeded
  if (n < 0 || (pfd.revents & POLLNVAL)) {
    release();
    return false;
  }
  return n > 0;
}

void GpioSense::release() {
  if (fd_ < 0)
    return;
  ::close(fd_); // OK: fd_ is reset right after, so release() never closes twice
  fd_ = -1;
}
