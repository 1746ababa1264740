// Self-pipe signal handling.
#include "dnscache/signal_watcher.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include "dnscache/fd_util.h"
#include "dnscache/logging.h"

namespace dnscache {

namespace {

// Write end of the self-pipe, read by the async handler.
int g_signalPipeWrite = -1;

void onSignal(int sig) {
  const int saved = errno;
  const unsigned char b = static_cast<unsigned char>(sig);
  const ssize_t rc = ::write(g_signalPipeWrite, &b, 1); // BUG: use-after-close #sigpipe — stop() closes the write end before it restores the previous handlers, so a SIGHUP/SIGTERM arriving in between (logrotate, a second systemd stop) writes to a closed descriptor, or to whatever file now owns the number
  (void)rc;
  errno = saved;
}

} // namespace

SignalWatcher::SignalWatcher(Callbacks callbacks) : callbacks_(std::move(callbacks)) {}

SignalWatcher::~SignalWatcher() {
  stop(); // OK: stop() is idempotent (running_ exchange)
}

bool SignalWatcher::start() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    logError("signals: pipe2 failed");
    return false;
  }
  readFd_ = fds[0];
  writeFd_ = fds[1];
  // A full pipe must not block the handler: drop the signal instead.
  const int flags = ::fcntl(writeFd_, F_GETFL, 0);
  if (flags < 0 || ::fcntl(writeFd_, F_SETFL, flags | O_NONBLOCK) != 0) {
    closeAndReset(readFd_);
    closeAndReset(writeFd_);
    return false;
  }
  g_signalPipeWrite = writeFd_;
  installHandlers();
  running_ = true;
  thread_ = std::thread([this] { run(); });
  return true;
}

void SignalWatcher::installHandlers() {
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGHUP, &sa, &oldHup_);
  ::sigaction(SIGTERM, &sa, &oldTerm_);
  ::sigaction(SIGINT, &sa, &oldInt_);
  ::sigaction(SIGUSR1, &sa, &oldUsr1_);
}

void SignalWatcher::restoreHandlers() {
  ::sigaction(SIGHUP, &oldHup_, nullptr);
  ::sigaction(SIGTERM, &oldTerm_, nullptr);
  ::sigaction(SIGINT, &oldInt_, nullptr);
  ::sigaction(SIGUSR1, &oldUsr1_, nullptr);
}

void SignalWatcher::run() {
  for (;;) {
    unsigned char sig = 0;
    const ssize_t n = ::read(readFd_, &sig, 1); // OK: stop() closes readFd_ only after joining this thread
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || sig == 0)
      break; // 0 is stop()'s wake-up byte
    switch (sig) {
    case SIGHUP:
      if (callbacks_.onReload)
        callbacks_.onReload();
      break;
    case SIGUSR1:
      if (callbacks_.onReopenLogs)
        callbacks_.onReopenLogs();
      break;
    case SIGTERM:
    case SIGINT:
      if (callbacks_.onTerminate)
        callbacks_.onTerminate();
      break;
    default:
      break;
    }
  }
}

void SignalWatcher::stop() {
  if (!running_.exchange(false))
    return;
  const unsigned char wake = 0;
  const ssize_t rc = ::write(writeFd_, &wake, 1);
  (void)rc;
  if (thread_.joinable())
    thread_.join();
  ::close(writeFd_); // SAME: sigpipe
  ::close(readFd_); // OK: a different descriptor, and its reader thread has been joined
  writeFd_ = -1;
  readFd_ = -1;
  restoreHandlers();
}

} // namespace dnscache
