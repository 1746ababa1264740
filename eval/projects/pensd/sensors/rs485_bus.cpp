// Rs485Bus: half-duplex request/reply over the serial port, one exchange at a
// time under mu_. release() closes the port once and is documented idempotent,
// so the destructor (and anyone else) may call it again safely.
#include "rs485_bus.h"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace {

speed_t to_speed(int baud) {
  switch (baud) {
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    default: return B9600;
  }
}

}  // namespace

Rs485Bus::Rs485Bus(std::string device) : device_(std::move(device)), released_(false) {}

Rs485Bus::~Rs485Bus() {
  release();  // OK: idempotent; the lockdown has usually released the bus already
}

Status Rs485Bus::open(int baud) {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) return Status::Error(Errc::Closed, "rs485 bus released");
  int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Status::Error(Errc::Io, "cannot open " + device_);
  termios tio{};
  if (::tcgetattr(fd, &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetispeed(&tio, to_speed(baud));
    ::cfsetospeed(&tio, to_speed(baud));
    ::tcsetattr(fd, TCSANOW, &tio);
  }
  port_.reset(fd);
  return Status::Ok();
}

Result<std::string> Rs485Bus::transact(std::uint8_t address, const std::string& command) {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) throw std::runtime_error("rs485 bus released");
  if (!port_.valid()) return Status::Error(Errc::Closed, "rs485 bus not open");
  char head[4];
  std::snprintf(head, sizeof head, ":%02X", static_cast<unsigned>(address));
  const std::string frame = std::string(head) + command + "\r\n";
  ::tcflush(port_.get(), TCIFLUSH);
  if (::write(port_.get(), frame.data(), frame.size()) != static_cast<ssize_t>(frame.size())) {
    return Status::Error(Errc::Io, "rs485 write failed");
  }
  pollfd pfd{port_.get(), POLLIN, 0};
  std::string reply;
  char buf[64];
  while (reply.find('\n') == std::string::npos) {
    int ready = ::poll(&pfd, 1, 500);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return Status::Error(Errc::Timeout, "buoy did not answer");
    ssize_t n = ::read(port_.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Error(Errc::Io, "rs485 read failed");
    reply.append(buf, static_cast<std::size_t>(n));
  }
  while (!reply.empty() && (reply.back() == '\n' || reply.back() == '\r')) reply.pop_back();
  return reply;
}

void Rs485Bus::release() {
  std::lock_guard<std::mutex> lk(mu_);
  if (released_) return;
  released_ = true;
  port_.close();
}

bool Rs485Bus::released() const {
  std::lock_guard<std::mutex> lk(mu_);
  return released_;
}
