// goniod — PiezoAxis: a piezo rotation stage on an RS-232 controller, one
// ASCII command per line ("MA <deg>", "TP?", "ST", "MO 0"). release() switches
// the controller's output off and closes the serial descriptor, setting fd_ to
// -1; the destructor closes only a descriptor that is still held. Correct as
// written.
#include "piezo.h"

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace goniod {

PiezoAxis::PiezoAxis(std::string name, const std::string &device)
    : AxisDriver(std::move(name)) {
  fd_ = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open piezo controller " + device);
  termios tio{};
  if (::tcgetattr(fd_, &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetspeed(&tio, B115200);
    ::tcsetattr(fd_, TCSANOW, &tio);
  }
}

PiezoAxis::~PiezoAxis() {
  if (fd_ >= 0)
    ::close(fd_); // OK: release() leaves -1 behind, so a released axis is not closed again
}

void PiezoAxis::send_line(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("piezo axis " + name() + " is released");
  const std::string out = line + "\r";
  if (::write(fd_, out.data(), out.size()) != static_cast<ssize_t>(out.size()))
    throw std::system_error(errno, std::generic_category(), "piezo axis " + name());
}

std::string PiezoAxis::query(const std::string &line) {
  send_line(line);
  std::string reply;
  char c = 0;
  while (::read(fd_, &c, 1) == 1 && c != '\r')
    reply.push_back(c);
  return reply;
}

void PiezoAxis::move_to(double degrees) {
  char cmd[48];
  std::snprintf(cmd, sizeof cmd, "MA %.5f", degrees);
  send_line(cmd);
}

double PiezoAxis::position() { return std::stod(query("TP?")); }

void PiezoAxis::halt() {
  if (fd_ < 0)
    return;
  send_line("ST");
}

void PiezoAxis::release() {
  if (fd_ < 0)
    throw std::logic_error("piezo axis " + name() + " already released");
  send_line("MO 0");
  ::tcdrain(fd_);
  ::close(fd_);
  fd_ = -1;
}

bool PiezoAxis::released() const { return fd_ < 0; }

} // namespace goniod
