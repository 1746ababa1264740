// SignalPipe: self-pipe signal delivery for the main thread.
#include "ingestd/signal_pipe.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <unistd.h>

namespace ingestd {
namespace {

volatile std::sig_atomic_t gWriteFd = -1;

extern "C" void onSignal(int sig) {
  const int savedErrno = errno;
  unsigned char byte = static_cast<unsigned char>(sig);
  ssize_t n = ::write(gWriteFd, &byte, 1); // BUG: use-after-close #sig_handler
  (void)n;
  errno = savedErrno;
}

} // namespace

SignalPipe::~SignalPipe() {
  close(); // OK: close() is idempotent, main() usually closed the pipe already
}

bool SignalPipe::open(std::initializer_list<int> signals) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
    return false;
  readFd_ = fds[0];
  writeFd_ = fds[1];
  gWriteFd = writeFd_;

  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int sig : signals) {
    if (::sigaction(sig, &sa, nullptr) != 0)
      return false;
    signals_.push_back(sig);
  }
  return true;
}

int SignalPipe::wait() {
  if (closed_ || readFd_ < 0)
    throw std::logic_error("signal pipe closed");
  for (;;) {
    pollfd pfd{readFd_, POLLIN, 0};
    if (::poll(&pfd, 1, -1) < 0 && errno != EINTR)
      throw std::runtime_error("poll on signal pipe failed");
    unsigned char byte = 0;
    ssize_t n = ::read(readFd_, &byte, 1); // OK: closed_ checked on entry; only this thread closes the pipe
    if (n == 1)
      return byte;
  }
}

void SignalPipe::close() {
  if (closed_)
    return;
  closed_ = true;
  // A reload while we are shutting down makes no sense any more.
  ::signal(SIGHUP, SIG_IGN);
  ::close(readFd_);
  ::close(writeFd_); // SAME: sig_handler
  readFd_ = -1;
  writeFd_ = -1;
}

} // namespace ingestd
