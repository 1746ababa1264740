// SignalPipe: async-signal-safe hand-off of SIGHUP/SIGTERM/SIGINT to the
// event loop through a non-blocking pipe.
#include "signal_pipe.h"

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

#include "io_util.h"
#include "log.h"

namespace tilesrv {
namespace {

std::atomic<int> gWriteFd{-1};

extern "C" void onSignal(int signo) {
  const int savedErrno = errno;
  const int fd = gWriteFd.load(std::memory_order_relaxed);
  if (fd >= 0) {
    const unsigned char byte = static_cast<unsigned char>(signo);
    ssize_t n = ::write(fd, &byte, 1);
    (void)n; // a full pipe already holds a wake-up
  }
  errno = savedErrno;
}

} // namespace

SignalPipe::~SignalPipe() { close(); }

void SignalPipe::install(std::initializer_list<int> signals) {
  if (readFd_ >= 0)
    throw std::logic_error("signal pipe already installed");
  int fds[2];
  if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  int expected = -1;
  if (!gWriteFd.compare_exchange_strong(expected, fds[1])) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::logic_error("another signal pipe is installed");
  }
  readFd_ = fds[0];
  writeFd_ = fds[1];

  for (int signo : signals) {
    struct sigaction action {};
    action.sa_handler = &onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    struct sigaction old {};
    if (::sigaction(signo, &action, &old) != 0) {
      const int err = errno;
      close();
      throw std::system_error(err, std::generic_category(), "sigaction " + std::to_string(signo));
    }
    previous_.emplace_back(signo, old);
  }
}

std::vector<int> SignalPipe::drain() {
  std::vector<int> received;
  if (readFd_ < 0)
    return received;
  unsigned char buf[64];
  for (;;) {
    const ssize_t n = ::read(readFd_, buf, sizeof buf);
    if (n > 0) {
      received.insert(received.end(), buf, buf + n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      log::warn("signal pipe: read: errno %d", errno);
    break;
  }
  return received;
}

void SignalPipe::close() {
  if (readFd_ < 0)
    return;
  for (auto &[signo, old] : previous_)
    ::sigaction(signo, &old, nullptr);
  previous_.clear();
  gWriteFd.store(-1);
  const int writeRc = io::closeRetrying(writeFd_);
  const int readRc = io::closeRetrying(readFd_);
  if (writeRc != 0 || readRc != 0)
    log::warn("signal pipe: close failed (%d, %d)", writeRc, readRc);
  readFd_ = -1;
  writeFd_ = -1;
}

} // namespace tilesrv
