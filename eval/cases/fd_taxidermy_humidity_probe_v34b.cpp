// Humidity probes in the display cabinets of a taxidermy workshop. Each probe
// is a character device that answers a text command. send_cmd() drops the
// line (closes the descriptor) when a command cannot be written; calibrate()
// logs that failure but still reads the reply from the closed descriptor.
// snapshot() copies a probe's raw buffer into a file; its short-read path
// closes the input and then jumps to the cleanup label, which closes it again.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

struct Probe {
  int fd = -1;
  int cabinet = 0;
  double last_rh = 0.0;
};

bool attach(Probe &p, const char *dev, int cabinet) {
  p.fd = ::open(dev, O_RDWR | O_CLOEXEC);
  p.cabinet = cabinet;
  return p.fd >= 0;
}

void detach(Probe &p) {
  if (p.fd >= 0) {
    ::close(p.fd);
    p.fd = -1;
  }
}

static int send_cmd(int fd, const char *cmd) {
  size_t len = std::strlen(cmd);
  ssize_t w = ::write(fd, cmd, len);
  if (w != static_cast<ssize_t>(len)) {
    ::close(fd); // the line is unusable, drop it
    return -1;
  }
  return 0;
}

int calibrate(Probe &p) {
  if (p.fd < 0)
    return -1;
  if (send_cmd(p.fd, "CAL\n") != 0)
    std::fprintf(stderr, "cabinet %d: calibration command failed\n", p.cabinet);
  char reply[16] = {};
  ssize_t n = ::read(p.fd, reply, sizeof reply - 1); // BUG: use-after-close
  if (n <= 0)
    return -1;
  return std::strncmp(reply, "OK", 2) == 0 ? 0 : -1;
}

int read_humidity(Probe &p) {
  if (p.fd < 0)
    return -1;
  if (send_cmd(p.fd, "RH?\n") != 0) {
    p.fd = -1;
    return -1;
  }
  char buf[32] = {};
  ssize_t n = ::read(p.fd, buf, sizeof buf - 1); // OK: send_cmd succeeded, descriptor open
  if (n <= 0)
    return -1;
  p.last_rh = std::strtod(buf, nullptr);
  return 0;
}

void rest_probe(Probe &p) {
  detach(p);
  if (p.fd >= 0)
    ::write(p.fd, "SLEEP\n", 6); // OK: detach() set fd to -1
}

// Keeps a duplicate for the alarm thread and releases the original slot.
int hand_to_alarm(Probe &p) {
  int alarm_fd = ::dup(p.fd);
  if (alarm_fd < 0)
    return -1;
  detach(p);
  struct stat st;
  if (::fstat(alarm_fd, &st) != 0) { // OK: the duplicate is a distinct descriptor
    ::close(alarm_fd);
    return -1;
  }
  return alarm_fd;
}

int snapshot(const char *dev, const char *out_path) {
  int in = -1, out = -1, rc = -1;
  char buf[512];
  ssize_t n = 0;
  in = ::open(dev, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    goto done;
  out = ::open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0)
    goto done;
  n = ::read(in, buf, sizeof buf);
  if (n <= 0) {
    ::close(in);
    goto done;
  }
  if (::write(out, buf, static_cast<size_t>(n)) == n)
    rc = 0;
done:
  if (in >= 0)
    ::close(in); // BUG: double-close
  if (out >= 0)
    ::close(out); // OK: closed only here
  return rc;
}
