// Snooker club scoreboard: frame results are written to the club's results
// pipe and the table's LED scoreboard (a serial descriptor). Closing the
// scoreboard can be interrupted by the club's timer signal, so the firmware
// retries close() only while it fails with EINTR (or EAGAIN from the USB
// serial driver). The end-of-session path closes the results pipe after a
// failed write, then still syncs it and closes it again unconditionally.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

static int closeRetrying(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK: repeated only when the previous attempt failed with EINTR/EAGAIN
  } while (rc == -1 && (errno == EINTR || errno == EAGAIN));
  return rc;
}

bool showFrame(const std::string &device, int frame, int red, int yellow) {
  int fd = ::open(device.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return false;
  char line[48];
  int n = std::snprintf(line, sizeof line, "F%02d %03d-%03d\r\n", frame, red, yellow);
  bool ok = ::write(fd, line, static_cast<size_t>(n)) == n;
  if (closeRetrying(fd) != 0) // OK: the only close of this descriptor
    std::fprintf(stderr, "scoreboard close: %s\n", std::strerror(errno));
  return ok;
}

void clearBoard(const std::string &device) {
  int fd = ::open(device.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return;
  ::write(fd, "CLR\r\n", 5);
  if (::close(fd) == -1 && errno == EINTR)
    ::close(fd); // OK: a second attempt only after the first was interrupted
}

void endSession(int resultsFd, const std::string &summary) {
  ssize_t n = ::write(resultsFd, summary.data(), summary.size());
  if (n < 0 || static_cast<size_t>(n) != summary.size()) {
    std::perror("results pipe");
    ::close(resultsFd);
  }
  if (::fsync(resultsFd) != 0 && errno != EINVAL) // BUG: use-after-close
    std::perror("results fsync");
  ::close(resultsFd); // BUG: double-close
}
