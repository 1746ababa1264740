// SignalWatcher: see signal_watcher.h.
#include "backupd/signal_watcher.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <system_error>
#include <unistd.h>

namespace backupd {
namespace {

int g_signalWriteFd = -1; // written only while every handled signal is blocked on this thread

const int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1};

extern "C" void onSignal(int sig) {
  const int saved = errno;
  const unsigned char byte = static_cast<unsigned char>(sig);
  if (g_signalWriteFd >= 0)
    (void)::write(g_signalWriteFd, &byte, 1);
  errno = saved;
}

sigset_t handledSet() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kSignals)
    sigaddset(&set, sig);
  return set;
}

} // namespace

SignalWatcher::~SignalWatcher() {
  stop(); // OK: stop() is idempotent (running_.exchange)
}

void SignalWatcher::installHandlers() {
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals)
    ::sigaction(sig, &sa, nullptr);
}

void SignalWatcher::restoreHandlers() {
  struct sigaction sa {};
  sa.sa_handler = SIG_DFL;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals)
    ::sigaction(sig, &sa, nullptr);
}

void SignalWatcher::start(Callback callback) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  readFd_ = fds[0];
  writeFd_ = fds[1];
  callback_ = std::move(callback);
  g_signalWriteFd = writeFd_;
  installHandlers();
  running_ = true;
  try {
    thread_ = std::thread([this] { loop(); });
  } catch (...) {
    running_ = false;
    restoreHandlers();
    g_signalWriteFd = -1;
    ::close(readFd_); // OK: the thread never started; both ends are closed once and reset
    ::close(writeFd_); // OK: a different descriptor from readFd_, closed once
    readFd_ = writeFd_ = -1;
    throw;
  }
}

void SignalWatcher::loop() {
  const sigset_t set = handledSet();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  while (running_.load()) {
    unsigned char sig = 0;
    const ssize_t n = ::read(readFd_, &sig, 1); // BUG: use-after-close #sig_read
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    if (sig != 0)
      callback_(sig);
  }
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

void SignalWatcher::stop() {
  if (!running_.exchange(false))
    return;
  const unsigned char wake = 0;
  (void)::write(writeFd_, &wake, 1);
  ::close(readFd_); // SAME: sig_read
  if (thread_.joinable())
    thread_.join();
  restoreHandlers();
  g_signalWriteFd = -1;
  ::close(writeFd_); // OK: the watcher thread (the only place handlers run) was joined above
  readFd_ = writeFd_ = -1;
}

} // namespace backupd
