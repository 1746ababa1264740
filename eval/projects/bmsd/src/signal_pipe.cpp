// SignalPipe: the classic self-pipe. The handler only write()s the signal
// number to the non-blocking pipe; the main loop reads it. Worker threads are
// started with these signals blocked (thread_util.h), so the handler runs on
// the main thread.
#include "signal_pipe.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace bmsd {
namespace {

std::atomic<int> g_writeFd{-1};

extern "C" void onSignal(int sig) {
  const int saved = errno;
  const int fd = g_writeFd.load();
  if (fd >= 0) {
    const unsigned char byte = static_cast<unsigned char>(sig);
    const ssize_t n = ::write(fd, &byte, 1);
    (void)n;
  }
  errno = saved;
}

} // namespace

SignalPipe::SignalPipe() {
  if (::pipe2(fds_, O_NONBLOCK | O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe2: ") + std::strerror(errno));
  g_writeFd.store(fds_[1]);
}

SignalPipe &SignalPipe::install(std::initializer_list<int> signals) {
  static SignalPipe pipe;
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int sig : signals)
    ::sigaction(sig, &sa, nullptr);
  return pipe;
}

SignalPipe::~SignalPipe() {
  g_writeFd.store(-1);
  if (fds_[0] >= 0)
    ::close(fds_[0]);
  if (fds_[1] >= 0)
    ::close(fds_[1]); // BUG: double-close
}

std::vector<int> SignalPipe::drain() {
  std::vector<int> received;
  unsigned char buf[64];
  for (;;) {
    const ssize_t n = ::read(fds_[0], buf, sizeof buf); // OK: closeWriteEnd() closes the other end
    if (n > 0) {
      for (ssize_t i = 0; i < n; ++i)
        received.push_back(buf[i]);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    return received;
  }
}

void SignalPipe::closeWriteEnd() {
  const int fd = g_writeFd.exchange(-1);
  if (fd < 0)
    return;
  if (::close(fd) != 0) {
    std::fprintf(stderr, "bmsd: closing the signal pipe failed (%s), retrying\n",
                 std::strerror(errno));
    ::close(fd); // BUG: double-close
  }
}

} // namespace bmsd
