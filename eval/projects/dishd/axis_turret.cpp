// Feed-turret stepper controller on a serial line: rotates the turret to put
// the selected band's feed on axis. The controller speaks "CMD\r" / "reply\r".
#include "axis.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

FeedTurretAxis::FeedTurretAxis(int ttyFd) : fd_(ttyFd) {}

FeedTurretAxis::~FeedTurretAxis() {
  if (fd_ >= 0)
    ::close(fd_); // BUG: double-close
}

std::string FeedTurretAxis::exchange(const std::string &command) {
  if (!engaged_)
    throw std::runtime_error("feed turret line closed, cannot send " +
                             command);
  const std::string framed = command + "\r";
  if (::write(fd_, framed.data(), framed.size()) !=
      static_cast<ssize_t>(framed.size()))
    throw std::runtime_error(std::string("feed turret: ") +
                             std::strerror(errno));
  std::string reply;
  char c = 0;
  while (::read(fd_, &c, 1) == 1 && c != '\r')
    reply.push_back(c);
  return reply;
}

void FeedTurretAxis::slewTo(double degrees) {
  char cmd[32];
  std::snprintf(cmd, sizeof cmd, "ROT %.2f", degrees);
  exchange(cmd);
}

double FeedTurretAxis::position() { return std::stod(exchange("ROT?")); }

void FeedTurretAxis::stow() { exchange("HOME"); }

void FeedTurretAxis::close() {
  if (!engaged_)
    return;
  exchange("HOLD OFF");
  ::close(fd_);
  engaged_ = false;
}
