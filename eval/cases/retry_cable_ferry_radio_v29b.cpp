// Cable ferry radio link. The ferry's control cabin talks to the slipway winch
// and to the shore radio over serial descriptors and keeps a crossing logbook
// (FILE*). The process runs a 1 s SIGALRM watchdog without SA_RESTART, so reads
// and closes can fail with EINTR. At the end of a crossing the status stream is
// copied into the logbook, then the radio, the winch line and the logbook are
// closed, each with its own retry-on-interrupt handling.
#include <cerrno>
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <unistd.h>

namespace cableferry {

static bool readStatus(int fd, std::string &out) {
  char buf[256];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      out.assign(buf, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0)
      return false;
    if (errno == EINTR)
      continue;
    std::perror("radio read");
    return false;
  }
}

static void closeWinchLine(int fd) {
  for (;;) {
    if (::close(fd) == 0) // OK
      return;
    if (errno != EINTR) {
      std::perror("winch close");
      return;
    }
  }
}

void endCrossing(int radioFd, int winchFd, FILE *logbook, int crossingNo) {
  std::string status;
  int lines = 0;
  while (readStatus(radioFd, status)) {
    std::fprintf(logbook, "#%d %s\n", crossingNo, status.c_str());
    ++lines;
    if (status.rfind("MOORED", 0) == 0)
      break;
  }
  std::fprintf(logbook, "#%d %d status lines\n", crossingNo, lines);

  int rc = ::close(radioFd);
  if (rc != 0)
    std::perror("radio close");
  if (errno == EINTR)
    ::close(radioFd); // BUG: double-close

  closeWinchLine(winchFd);

  if (std::fclose(logbook) != 0 && errno == EINTR)
    std::fclose(logbook); // BUG: double-close
}

void endDrill(int radioFd, int winchFd, FILE *drillLog) {
  std::fputs("drill complete\n", drillLog);
  int rc;
  do {
    rc = ::close(radioFd); // OK
  } while (rc == -1 && errno == EINTR);
  closeWinchLine(winchFd);
  if (std::fclose(drillLog) != 0) // OK
    std::perror("drill log close");
}

} // namespace cableferry
