// A daemon holds a lockf() lock on its pidfile through an open descriptor.
// The SIGTERM/SIGINT handler removes the pidfile and closes the descriptor
// using async-signal-safe calls only, then ends the process with _exit().
// Negative case: the handler never returns, so no code in the main loop runs
// after its close; the handlers are installed only after the error paths that
// close the descriptor; and the normal shutdown blocks SIGTERM/SIGINT before
// its own close, so the handler cannot close the descriptor a second time.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t g_stop = 0;
static int g_pidfd = -1;
static const char *g_pidpath = "/tmp/exampled.pid";

static void on_term(int) {
  unlink(g_pidpath);
  if (g_pidfd >= 0)
    close(g_pidfd); // OK: _exit follows; nothing runs after this close
  _exit(0);
}

static void on_hup(int) { g_stop = 1; }

int main() {
  g_pidfd = open(g_pidpath, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (g_pidfd < 0)
    return 1;
  if (lockf(g_pidfd, F_TLOCK, 0) < 0) {
    std::fprintf(stderr, "already running\n");
    close(g_pidfd);
    return 1;
  }
  char buf[32];
  int len = std::snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
  if (ftruncate(g_pidfd, 0) < 0 || write(g_pidfd, buf, static_cast<size_t>(len)) != len) {
    close(g_pidfd);
    unlink(g_pidpath);
    return 1;
  }

  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGINT, &sa, nullptr);
  sa.sa_handler = on_hup;
  sigaction(SIGHUP, &sa, nullptr);

  while (!g_stop) {
    struct stat st;
    if (fstat(g_pidfd, &st) == 0 && st.st_nlink == 0) // OK: the handler that closes g_pidfd never returns here
      break; /* somebody removed our pidfile */
    sleep(1);
  }

  sigset_t block;
  sigemptyset(&block);
  sigaddset(&block, SIGTERM);
  sigaddset(&block, SIGINT);
  sigprocmask(SIG_BLOCK, &block, nullptr);
  unlink(g_pidpath);
  close(g_pidfd); // OK: the handler is blocked from here on and did not run (it would have exited)
  return 0;
}
