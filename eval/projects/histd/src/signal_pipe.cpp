// SignalPipe: async-signal-safe handlers that write the signal number into
// a non-blocking pipe; the main loop polls the read end.
#include "signal_pipe.h"

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <system_error>
#include <unistd.h>

namespace histd {

namespace {

std::atomic<int> g_wakeFd{-1};

extern "C" void onSignal(int signo) {
  const int saved = errno;
  const int fd = g_wakeFd.load();
  if (fd >= 0) {
    const unsigned char b = static_cast<unsigned char>(signo);
    ssize_t rc = ::write(fd, &b, 1);
    (void)rc;
  }
  errno = saved;
}

} // namespace

void blockShutdownSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

SignalPipe::SignalPipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  readEnd_.reset(fds[0]);
  writeEnd_.reset(fds[1]);
  g_wakeFd.store(writeEnd_.get());

  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  if (::sigaction(SIGTERM, &sa, &oldTerm_) != 0 || ::sigaction(SIGINT, &sa, &oldInt_) != 0 ||
      ::sigaction(SIGHUP, &sa, &oldHup_) != 0) {
    const int err = errno;
    ::sigaction(SIGTERM, &oldTerm_, nullptr);
    ::sigaction(SIGINT, &oldInt_, nullptr);
    g_wakeFd.store(-1);
    throw std::system_error(err, std::generic_category(), "sigaction");
  }
}

SignalPipe::~SignalPipe() {
  ::sigaction(SIGTERM, &oldTerm_, nullptr);
  ::sigaction(SIGINT, &oldInt_, nullptr);
  ::sigaction(SIGHUP, &oldHup_, nullptr);
  g_wakeFd.store(-1);
}

int SignalPipe::wait(int timeoutMs) {
  pollfd pfd{readEnd_.get(), POLLIN, 0};
  const int rc = ::poll(&pfd, 1, timeoutMs);
  if (rc < 0) {
    if (errno == EINTR)
      return 0;
    throw std::system_error(errno, std::generic_category(), "poll");
  }
  if (rc == 0)
    return 0;
  unsigned char buf[16];
  int last = 0;
  for (;;) {
    const ssize_t n = ::read(readEnd_.get(), buf, sizeof buf);
    if (n > 0) {
      for (ssize_t i = 0; i < n; ++i) {
        // A termination request wins over a reload queued behind it.
        if (last != SIGTERM && last != SIGINT)
          last = buf[i];
      }
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    break;
  }
  return last;
}

} // namespace histd
