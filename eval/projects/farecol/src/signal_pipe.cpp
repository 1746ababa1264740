// Self-pipe signal delivery. The handler only writes one byte per signal; the main loop
// reads them back with drain(). Both ends are non-blocking and close-on-exec.
#include "signal_pipe.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace farecol {
namespace {

volatile std::sig_atomic_t g_writeFd = -1;

extern "C" void onSignal(int sig) {
  const int savedErrno = errno;
  const unsigned char byte = static_cast<unsigned char>(sig);
  for (;;) {
    const ssize_t n = ::write(g_writeFd, &byte, 1);
    if (n >= 0 || errno != EINTR)
      break; // EAGAIN: the pipe is full and the main loop will wake up anyway
  }
  errno = savedErrno;
}

bool makeNonBlocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 && ::fcntl(fd, F_SETFD, FD_CLOEXEC) == 0;
}

} // namespace

SignalPipe &SignalPipe::instance() {
  static SignalPipe pipe;
  return pipe;
}

bool SignalPipe::install(std::initializer_list<int> signals) {
  if (readFd_ < 0) {
    int fds[2];
    if (::pipe(fds) != 0)
      return false;
    if (!makeNonBlocking(fds[0]) || !makeNonBlocking(fds[1]))
      return false;
    readFd_ = fds[0];
    writeFd_ = fds[1];
    g_writeFd = writeFd_;
  }
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int sig : signals)
    if (::sigaction(sig, &sa, nullptr) != 0)
      return false;
  std::signal(SIGPIPE, SIG_IGN);
  return true;
}

std::vector<int> SignalPipe::drain() {
  std::vector<int> out;
  unsigned char buf[64];
  for (;;) {
    const ssize_t n = ::read(readFd_, buf, sizeof buf);
    if (n > 0) {
      out.insert(out.end(), buf, buf + n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    break; // EAGAIN: nothing left
  }
  return out;
}

} // namespace farecol
