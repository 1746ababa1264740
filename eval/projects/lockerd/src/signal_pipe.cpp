// SignalPipe: SIGTERM/SIGINT/SIGHUP are turned into bytes on a non-blocking
// pipe, so the poll loop handles them like any other input. The handler
// only calls write(), which is async-signal-safe.
#include "signal_pipe.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace {
volatile std::sig_atomic_t gSignalWriteFd = -1;

void forwardSignal(int signo) {
  const int savedErrno = errno;
  const unsigned char byte = static_cast<unsigned char>(signo);
  ssize_t rc;
  do {
    rc = ::write(gSignalWriteFd, &byte, 1); // BUG: use-after-close #sigpipe
  } while (rc < 0 && errno == EINTR);
  errno = savedErrno;
}
} // namespace

SignalPipe::SignalPipe() {
  int fds[2];
  if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("signal pipe: ") + std::strerror(errno));
  readFd_ = fds[0];
  writeFd_ = fds[1];
  gSignalWriteFd = writeFd_;
}

SignalPipe::~SignalPipe() { close(); }

Status SignalPipe::install(std::initializer_list<int> signals) {
  for (int signo : signals) {
    struct sigaction action {};
    action.sa_handler = forwardSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (::sigaction(signo, &action, nullptr) != 0)
      return Status::ioError("sigaction " + std::to_string(signo), errno);
    installed_.push_back(signo);
  }
  return Status::success();
}

int SignalPipe::next() {
  if (closed_)
    return 0;
  unsigned char byte = 0;
  ssize_t n;
  do {
    n = ::read(readFd_, &byte, 1); // OK
  } while (n < 0 && errno == EINTR);
  return n == 1 ? byte : 0;
}

void SignalPipe::close() {
  if (closed_)
    return;
  closed_ = true;
  ::close(writeFd_); // SAME: sigpipe
  if (::close(readFd_) != 0 && errno == EINTR)
    ::close(readFd_); // OK
  for (int signo : installed_)
    ::signal(signo, SIG_DFL);
  installed_.clear();
}
