// Ostrich farm hatchery: each incubator tray has a serial controller (a POSIX
// descriptor) that sets the temperature and turns the eggs. The setup
// helpers close the controller when their step fails and then report it:
// setTemperature() returns a failed Status, turnEggs() throws, calibrate()
// calls the farm's [[noreturn]] fatal handler.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace hatchery {

struct Status {
  bool ok;
  int err;
  explicit operator bool() const { return ok; }
};

[[noreturn]] void fatal(const char *what);

static bool sendLine(int fd, const char *text, int len) { return ::write(fd, text, static_cast<std::size_t>(len)) == len; }

Status setTemperature(int fd, double celsius) {
  char cmd[32];
  const int n = std::snprintf(cmd, sizeof cmd, "TEMP %.1f\n", celsius);
  if (!sendLine(fd, cmd, n)) {
    const int err = errno;
    ::close(fd);
    return {false, err};
  }
  return {true, 0};
}

void turnEggs(int fd, int degrees) {
  char cmd[32];
  const int n = std::snprintf(cmd, sizeof cmd, "TURN %d\n", degrees);
  if (!sendLine(fd, cmd, n)) {
    const int err = errno;
    ::close(fd);
    throw std::system_error(err, std::generic_category(), "egg turner");
  }
}

void calibrate(int fd) {
  if (!sendLine(fd, "CAL\n", 4)) {
    ::close(fd);
    fatal("incubator calibration failed");
  }
}

bool startTray(const char *dev) {
  const int fd = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (!setTemperature(fd, 36.4))
    return false;
  turnEggs(fd, 45);
  calibrate(fd);
  sendLine(fd, "RUN\n", 4); // OK: every helper that closed fd returned an error, threw or did not return
  ::close(fd);
  return true;
}

void turnCycle(int fd) {
  try {
    turnEggs(fd, 45);
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "tray: %s\n", e.what());
    return;
  }
  turnEggs(fd, -45); // OK: the failing turn threw and we returned
  ::close(fd); // OK
}

bool nightCheck(int fd) {
  Status st = setTemperature(fd, 36.2);
  if (!st.ok)
    return false;
  return sendLine(fd, "STATUS?\n", 8); // OK: stored status checked
}

bool restartTray(int fd) {
  setTemperature(fd, 36.0);
  ::write(fd, "TURN 90\n", 8); // BUG: use-after-close
  return ::close(fd) == 0; // BUG: double-close
}

} // namespace hatchery
