// daemonize() is the classic Unix daemon start-up: fork, setsid, chdir("/"),
// then stdin is pointed at /dev/null and stdout/stderr at the log file with
// freopen(). Negative case: freopen() closes the file behind a stream and
// reopens the same FILE object, so writing to stdout/stderr after a
// successful freopen() is correct. Each freopen() result is checked, and no
// failure path writes to the stream whose freopen() failed; on SIGHUP-style
// reopen the same rule holds.
#include <cstdio>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int daemonize(const char *logfile) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid > 0)
    _exit(0);
  if (setsid() < 0)
    return -1;
  if (chdir("/") < 0)
    return -1;
  umask(027);
  if (!std::freopen("/dev/null", "r", stdin))
    return -1;
  if (!std::freopen(logfile, "a", stdout))
    return -1;
  if (!std::freopen(logfile, "a", stderr)) {
    std::fprintf(stdout, "cannot redirect stderr to %s\n", logfile); // OK: only stderr's freopen failed; stdout was reopened
    return -1;
  }
  setvbuf(stdout, nullptr, _IOLBF, 0);                              // OK: stdout is open on the log file
  std::fprintf(stderr, "daemon started, pid %ld\n", (long)getpid()); // OK: stderr is open on the log file
  return 0;
}

static int reopen_logs(const char *logfile) {
  std::fflush(stdout);
  if (!std::freopen(logfile, "a", stdout))
    return -1;
  std::fprintf(stdout, "log reopened\n"); // OK: freopen succeeded, so stdout is a fresh stream on the log
  if (!std::freopen(logfile, "a", stderr)) {
    std::fprintf(stdout, "cannot reopen stderr\n"); // OK: stdout was reopened successfully just above
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *logfile = argc > 1 ? argv[1] : "/tmp/exampled.log";
  if (daemonize(logfile) < 0)
    return 1;
  for (int i = 0; i < 3; ++i) {
    std::printf("tick %d\n", i); // OK: each reopen_logs() either reopened stdout or made main return
    sleep(1);
    if (reopen_logs(logfile) < 0)
      return 1;
  }
  return 0;
}
