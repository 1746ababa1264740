// SignalPipe: installs handlers for SIGTERM, SIGINT and SIGHUP that write the
// signal number into a non-blocking pipe; the event loop polls the read end
// and handles the signals outside of signal context.
#include "signal_pipe.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

#include "fd_util.h"

namespace fleetd {

namespace {

volatile sig_atomic_t g_writeFd = -1;

extern "C" void onSignal(int signo) {
  int saved = errno;
  unsigned char byte = static_cast<unsigned char>(signo);
  (void)!::write(g_writeFd, &byte, 1); // BUG: use-after-close #sigpipe-teardown
  errno = saved;
}

void install(int signo) {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  if (::sigaction(signo, &sa, nullptr) != 0)
    throw std::system_error(errno, std::generic_category(), "sigaction");
}

} // namespace

SignalPipe::SignalPipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  readFd_ = fds[0];
  writeFd_ = fds[1];
  g_writeFd = writeFd_;
  install(SIGTERM);
  install(SIGINT);
  install(SIGHUP);
  std::signal(SIGPIPE, SIG_IGN);
}

SignalPipe::~SignalPipe() {
  ::close(writeFd_); // SAME: sigpipe-teardown
  closeRetryingEintr(readFd_);
}

std::vector<int> SignalPipe::drain() {
  std::vector<int> signals;
  unsigned char buf[64];
  for (;;) {
    ssize_t n = ::read(readFd_, buf, sizeof buf);
    if (n > 0) {
      signals.insert(signals.end(), buf, buf + n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    break;
  }
  return signals;
}

} // namespace fleetd
