// Pomade batch runner of an enfleurage workshop. It points its own stderr at
// the workshop log with dup2(), reopens that log after rotation by dup2()ing
// the new file over the descriptor already in use, and starts the
// tallow-rendering helper as a child process that reads the chassis schedule
// from a pipe. dup2() over an open descriptor closes the old file and leaves
// the descriptor number valid; after fork() each process closes its own copy
// of the pipe ends, which does not affect the other process.
// Bugs: the banner is written to the log descriptor after it was closed
// (it should go to STDERR_FILENO), and the parent closes the pipe's write end
// a second time on the path where the schedule could not be sent.
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace enfleurage {

static bool writeAll(int fd, const std::string &text) {
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left); // SAME: banner
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

int redirectDiagnostics(const char *logPath) {
  int logFd = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (logFd < 0)
    return -1;
  if (::dup2(logFd, STDERR_FILENO) < 0) {
    int saved = errno;
    ::close(logFd);
    errno = saved;
    return -1;
  }
  ::close(logFd);
  writeAll(logFd, "pomade runner: diagnostics redirected\n"); // BUG: use-after-close #banner
  return 0;
}

// Called on SIGHUP from logrotate: logFd keeps its number, the file under it
// changes.
bool reopenWorkshopLog(const char *logPath, int logFd) {
  int fresh = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fresh < 0)
    return false;
  bool moved = ::dup2(fresh, logFd) == logFd;
  ::close(fresh);
  if (!moved)
    return false;
  return writeAll(logFd, "workshop log reopened\n"); // OK: dup2() replaced the file behind logFd, the number stays open
}

pid_t startRenderer(const std::vector<std::string> &chassisSchedule) {
  int pipeFds[2];
  if (::pipe(pipeFds) != 0)
    return -1;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);
    return -1;
  }
  if (pid == 0) {
    ::close(pipeFds[1]);
    ::dup2(pipeFds[0], STDIN_FILENO);
    ::close(pipeFds[0]);
    ::execlp("tallow-render", "tallow-render", "--schedule=-",
             static_cast<char *>(nullptr));
    ::_exit(127);
  }
  ::close(pipeFds[0]); // OK: the child closed its own copy, not the parent's
  bool sent = true;
  for (const std::string &frame : chassisSchedule) {
    if (!writeAll(pipeFds[1], frame + "\n")) { // OK: only the child's copy of the write end was closed
      sent = false;
      break;
    }
  }
  ::close(pipeFds[1]);
  if (!sent) {
    ::kill(pid, SIGTERM);
    ::close(pipeFds[1]); // BUG: double-close
    ::waitpid(pid, nullptr, 0);
    return -1;
  }
  return pid;
}

} // namespace enfleurage
