// Startup probe of the ANPR cameras: read the model header from each device
// and let the device go again before the AnprReader opens it for streaming.
#include "camera_feed.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace toll {

namespace {

CameraInfo parseHeader(const std::string &device, const char *header, std::size_t len) {
  CameraInfo info;
  info.device = device;
  // "<model, 8 chars><firmware, 4 digits>..."
  info.model.assign(header, std::min<std::size_t>(len, 8));
  if (len >= 12)
    info.firmware = std::atoi(std::string(header + 8, 4).c_str());
  return info;
}

} // namespace

void probeCamera(const std::string &device, std::vector<CameraInfo> &found) {
  Fd fd(::open(device.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.valid())
    return;
  char header[16] = {};
  const ssize_t n = ::read(fd.get(), header, sizeof header);
  // The streaming driver allows one reader: release the device right away.
  ::close(fd.get());
  if (n >= 8)
    found.push_back(parseHeader(device, header, static_cast<std::size_t>(n)));
} // BUG: double-close #probetwice

void probeSerialCamera(const std::string &tty, std::vector<CameraInfo> &found) {
  Fd fd(::open(tty.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!fd.valid())
    return;
  termios tio{};
  if (::tcgetattr(fd.get(), &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetspeed(&tio, B115200);
    (void)::tcsetattr(fd.get(), TCSANOW, &tio);
  }
  static const char kIdent[] = "ID?\r";
  char header[16] = {};
  ssize_t n = -1;
  if (::write(fd.get(), kIdent, sizeof kIdent - 1) == static_cast<ssize_t>(sizeof kIdent - 1))
    n = ::read(fd.get(), header, sizeof header);
  ::close(fd.release());
  if (n >= 8)
    found.push_back(parseHeader(tty, header, static_cast<std::size_t>(n)));
} // OK: release() gave the descriptor up before it was closed, ~Fd closes nothing

} // namespace toll
