// Lighthouse lamp controller: drives the lamp changer over an RS-485 serial
// line (switch to the standby lamp when the running one fails) and persists
// the active lamp and its burn hours to a small state file, written to a
// temporary name and renamed into place.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <utility>

struct LampState {
  int activeLamp = 1;
  double burnHours[2] = {0.0, 0.0};
  bool fogSignalOn = false;
};

namespace {

int writeAll(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, buf, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    buf += n;
    len -= static_cast<size_t>(n);
  }
  return 0;
}

bool configureLine(int fd) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0)
    return false;
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  ::cfsetospeed(&tio, B9600);
  return ::tcsetattr(fd, TCSANOW, &tio) == 0;
}

bool syncDirectory(const std::string &dir) {
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd < 0)
    return false;
  const bool ok = ::fsync(dfd) == 0;
  ::close(dfd);
  return ok;
}

} // namespace

bool saveLampState(const std::string &dir, const LampState &s) {
  const std::string path = dir + "/lamp.state";
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;

  char buf[128];
  const int len = std::snprintf(buf, sizeof buf, "active=%d\nlamp1=%.2f\nlamp2=%.2f\nfog=%d\n",
                                s.activeLamp, s.burnHours[0], s.burnHours[1],
                                s.fogSignalOn ? 1 : 0);
  if (writeAll(fd, buf, static_cast<size_t>(len)) != 0) {
    ::close(fd); // OK
    ::unlink(tmp.c_str());
    return false;
  }
  ::close(fd);
  ::fsync(fd); // BUG: use-after-close
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  return syncDirectory(dir);
}

class LampChanger {
public:
  explicit LampChanger(std::string device) : device_(std::move(device)) {}
  ~LampChanger() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  bool open();
  int command(const char *cmd);

private:
  std::string device_;
  int fd_ = -1;
};

bool LampChanger::open() {
  fd_ = ::open(device_.c_str(), O_RDWR | O_NOCTTY);
  if (fd_ < 0)
    return false;
  if (!configureLine(fd_)) {
    ::close(fd_); // OK
    fd_ = -1;
    return false;
  }
  return true;
}

int LampChanger::command(const char *cmd) {
  if (fd_ < 0 && !open())
    return -1;
  const size_t len = std::strlen(cmd);
  if (writeAll(fd_, cmd, len) == 0)
    return 0;
  if (errno != EIO)
    return -1;

  // The changer's USB-485 adapter drops off the bus after a brown-out and
  // comes back under the same device node; reopen once and retry.
  ::close(fd_);
  fd_ = -1;
  if (!open())
    return -1;
  return writeAll(fd_, cmd, len); // OK
}

bool switchToStandby(LampChanger &changer, LampState &state,
                     const std::string &stateDir) {
  const int next = state.activeLamp == 1 ? 2 : 1;
  char cmd[16];
  std::snprintf(cmd, sizeof cmd, "LAMP %d\r\n", next);
  if (changer.command(cmd) != 0)
    return false;
  state.activeLamp = next;
  return saveLampState(stateDir, state);
}
