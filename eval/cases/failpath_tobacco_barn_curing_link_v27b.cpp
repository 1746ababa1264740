// Link from a tobacco farm's office to the flue-curing barn's controller, a
// plain TCP socket. sendAll() writes a whole buffer and, on a write error,
// closes the socket and returns -errno; readAck() returns false after closing
// the socket when the controller answers anything but "ACK"; die() logs,
// closes the socket and exits. Curing-schedule uploads check every result;
// the end-of-session note ignores sendAll()'s result and then closes the
// socket.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

struct CuringStep {
  int hours;
  double dryBulbC;
  double wetBulbC;
};

int sendAll(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, buf, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      int err = errno;
      ::close(fd);
      return -err;
    }
    buf += n;
    len -= static_cast<size_t>(n);
  }
  return 0;
}

bool readAck(int fd) {
  char reply[8] = {};
  ssize_t n = ::read(fd, reply, sizeof reply - 1);
  if (n < 3 || std::strncmp(reply, "ACK", 3) != 0) {
    ::close(fd);
    return false;
  }
  return true;
}

[[noreturn]] void die(int fd, const char *what) {
  std::fprintf(stderr, "barn link: %s\n", what);
  ::close(fd);
  std::exit(2);
}

int uploadSchedule(int fd, const std::string &variety,
                   const std::vector<CuringStep> &steps) {
  std::string header = "SCHED " + variety + "\n";
  int rc = sendAll(fd, header.data(), header.size());
  if (rc < 0)
    return rc;
  for (const CuringStep &s : steps) {
    char line[96];
    int len = std::snprintf(line, sizeof line, "STEP %d %.1f %.1f\n", s.hours,
                            s.dryBulbC, s.wetBulbC);
    rc = sendAll(fd, line, static_cast<size_t>(len)); // OK
    if (rc < 0)
      return rc;
  }
  if (!readAck(fd))
    return -EPROTO;
  rc = sendAll(fd, "COMMIT\n", 7); // OK
  if (rc < 0)
    return rc;
  ::close(fd);
  return 0;
}

void startBarn(int fd, double dryBulbC) {
  if (dryBulbC > 75.0)
    die(fd, "refusing a stem-drying step above 75C");
  char cmd[32];
  int len = std::snprintf(cmd, sizeof cmd, "START %.1f\n", dryBulbC);
  if (sendAll(fd, cmd, static_cast<size_t>(len)) < 0) // OK
    return;
  if (!readAck(fd))
    return;
  ::close(fd); // OK
}

void endSession(int fd, const std::string &curer) {
  std::string note = "BYE " + curer + "\n";
  sendAll(fd, note.data(), note.size());
  ::close(fd); // BUG: double-close
}
