// Sawmill drying kiln: wood-moisture and dry-bulb probes are read through a
// KilnProbe. The probe driver's close() can be interrupted by the kiln
// watchdog before it lets go of the serial port; it then reports EINTR and
// the probe stays open, so callers call close() again. The kiln schedule is
// written to the controller through a plain descriptor and closed once (on
// Linux an EINTR from close(2) still releases the descriptor). Negative case:
// every repeated close() follows a close that reported EINTR and left the
// probe open, every loop stops after the close that succeeds, and the probe
// read after an interrupted close happens while it is still open.
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class KilnProbe {
public:
  explicit KilnProbe(int fd) : fd_(fd) {}

  double readCelsius() {
    if (fd_ < 0)
      throw std::runtime_error("kiln probe closed");
    char buf[16] = {};
    if (::read(fd_, buf, sizeof buf - 1) <= 0)
      return NAN;
    return std::atof(buf);
  }

  void watchdogTick() { watchdogPending_.store(true); }

  int close() {
    if (fd_ < 0)
      throw std::logic_error("kiln probe closed twice");
    if (watchdogPending_.exchange(false)) {
      errno = EINTR;
      return -1;
    }
    const int fd = fd_;
    fd_ = -1;
    ::close(fd);
    return 0;
  }

private:
  int fd_;
  std::atomic<bool> watchdogPending_{false};
};

void shutDownProbe(KilnProbe &probe) {
  int rc;
  do {
    rc = probe.close(); // OK
  } while (rc != 0 && errno == EINTR);
}

double lastReadingAndClose(KilnProbe &probe) {
  if (probe.close() != 0 && errno == EINTR) {
    const double t = probe.readCelsius(); // OK
    while (probe.close() != 0 && errno == EINTR) // OK
      ;
    return t;
  }
  return NAN;
}

int closeCharge(std::vector<KilnProbe *> &probes) {
  int stillOpen = 0;
  for (KilnProbe *p : probes) {
    bool closed = false;
    for (int attempt = 0; attempt < 4 && !closed; ++attempt) {
      if (p->close() == 0) // OK
        closed = true;
      else if (errno != EINTR)
        break;
    }
    if (!closed)
      ++stillOpen;
  }
  return stillOpen;
}

bool sendSchedule(int fd, const std::string &schedule) {
  const char *p = schedule.data();
  size_t left = schedule.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::close(fd) != 0 && errno != EINTR) {
    std::perror("kiln schedule");
    return false;
  }
  return left == 0;
}
