// Mercury-vapour light-trap controller on a field Raspberry Pi. The lamp relay
// is a sysfs GPIO descriptor; the bait-station uplink (BaitStationLink, the
// project's own class) queues catch reports and its close() refuses with
// EAGAIN while reports are still queued, leaving the link open, so callers
// flush and retry. Negative case: a descriptor is closed a second time only
// after the first close() failed with EINTR (the descriptor then stays open,
// as POSIX.1-2024 specifies and as the suite counts it), the link's close()
// is retried only after EAGAIN, which leaves it open, and the report sent
// between the attempts goes to that still-open link.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <string>
#include <unistd.h>

class BaitStationLink {
public:
  int send(const std::string &report) {
    if (closed_)
      return EPIPE;
    queue_.push_back(report);
    return 0;
  }
  int flush_some() {
    if (closed_)
      return EPIPE;
    if (!queue_.empty())
      queue_.pop_front();
    return 0;
  }
  // Returns EAGAIN (and stays open) while reports are queued.
  int close() {
    if (closed_)
      return EBADF;
    if (!queue_.empty())
      return EAGAIN;
    closed_ = true;
    return 0;
  }

private:
  std::deque<std::string> queue_;
  bool closed_ = false;
};

static int close_retrying(int fd) {
  for (;;) {
    if (::close(fd) == 0) // OK: repeated only after EINTR
      return 0;
    if (errno != EINTR)
      return -1;
  }
}

int switch_lamp(const char *gpio_value_path, bool on) {
  int fd = ::open(gpio_value_path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t w;
  do {
    w = ::write(fd, on ? "1" : "0", 1);
  } while (w < 0 && errno == EINTR);
  int rc = close_retrying(fd);
  return w == 1 && rc == 0 ? 0 : -1;
}

int hang_up_station(BaitStationLink &link, const std::string &dawn_report) {
  int rc = link.close();
  if (rc == EAGAIN) {
    link.send(dawn_report); // OK: close() returned EAGAIN, the link is still open
    while ((rc = link.close()) == EAGAIN) // OK: retried only while it refuses with EAGAIN
      link.flush_some();
  }
  return rc;
}

int write_night_log(const char *path, const char *line) {
  int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  size_t len = std::strlen(line);
  ssize_t w = ::write(fd, line, len);
  int attempts = 0;
  int rc;
  while ((rc = ::close(fd)) != 0 && errno == EINTR && ++attempts < 3) // OK: a failed close is retried, a successful one ends the loop
    continue;
  if (rc != 0)
    std::fprintf(stderr, "%s: close: %s\n", path, std::strerror(errno));
  return w == static_cast<ssize_t>(len) ? 0 : -1;
}

int dawn_shutdown(BaitStationLink &link, const char *gpio, const char *log) {
  int lamp = switch_lamp(gpio, false);
  link.send("lamp off"); // OK: hang_up_station() has not run yet
  int hang = hang_up_station(link, "dawn: trap emptied");
  write_night_log(log, hang == 0 ? "closed cleanly\n" : "uplink close failed\n");
  return lamp == 0 && hang == 0 ? 0 : 1;
}
