// PassReader: serial RFID reader. open() closes the descriptor it just got
// when the device is not a tty and clears it; configure() gives the port
// back on a failed termios setup but leaves fd_ set, so a later close()
// closes the same descriptor number again.
#include "pass_reader.h"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

namespace liftops {

namespace {
speed_t toSpeed(int baud) {
  switch (baud) {
  case 19200:
    return B19200;
  case 38400:
    return B38400;
  default:
    return B9600;
  }
}
} // namespace

PassReader::PassReader(std::string device) : device_(std::move(device)) {}

PassReader::~PassReader() {
  close(); // OK: close() takes the descriptor out with an exchange, no-op when already closed
}

Status PassReader::open() {
  int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
  if (fd < 0)
    return Status::error(Errc::Io, "cannot open " + device_);
  if (!::isatty(fd)) {
    ::close(fd); // OK: fd_ was never set to this descriptor
    return Status::error(Errc::Invalid, device_ + " is not a serial port");
  }
  fd_.store(fd);
  return Status::ok();
}

Status PassReader::configure(int baud) {
  int fd = fd_.load();
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0 || ::cfsetspeed(&tio, toSpeed(baud)) != 0 ||
      ::tcsetattr(fd, TCSANOW, &tio) != 0) {
    ::close(fd); // give the port back to the kernel
    return Status::error(Errc::Io, "cannot configure " + device_);
  }
  return Status::ok();
}

std::optional<std::string> PassReader::readPass(int timeoutMs) {
  int fd = fd_.load();
  if (fd < 0)
    throw std::runtime_error("pass reader " + device_ + " is closed");
  pollfd pfd{fd, POLLIN, 0};
  int ready = ::poll(&pfd, 1, timeoutMs);
  if (ready < 0 || (pfd.revents & (POLLNVAL | POLLERR)))
    throw std::runtime_error("pass reader " + device_ + " failed");
  if (ready == 0)
    return std::nullopt;
  char buf[64];
  ssize_t n = ::read(fd, buf, sizeof buf);
  if (n <= 0)
    throw std::runtime_error("pass reader " + device_ + " read failed");
  std::string pass(buf, static_cast<std::size_t>(n));
  while (!pass.empty() && (pass.back() == '\n' || pass.back() == '\r'))
    pass.pop_back();
  return pass;
}

void PassReader::close() {
  int fd = fd_.exchange(-1);
  if (fd < 0)
    return;
  ::close(fd); // SAME: reader-fd
}

} // namespace liftops
