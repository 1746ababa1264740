// SignalWatch: async-signal-safe handler that records the signal and pokes
// the eventfd the event loop polls.
#include "signal_watch.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <sys/eventfd.h>
#include <unistd.h>

namespace {

constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<int> g_wakeFd{-1};
std::atomic<unsigned> g_pending{0};

void onSignal(int sig) {
  const int savedErrno = errno;
  g_pending.fetch_or(sig == SIGHUP ? SignalWatch::kReload : SignalWatch::kStop);
  const int fd = g_wakeFd.load();
  if (fd >= 0) {
    const std::uint64_t one = 1;
    const ssize_t n = ::write(fd, &one, sizeof one);
    (void)n;
  }
  errno = savedErrno;
}

} // namespace

SignalWatch::SignalWatch() {
  efd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (efd_ < 0)
    return;
  g_wakeFd.store(efd_);
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int i = 0; i < 3; ++i)
    ::sigaction(kSignals[i], &sa, &previous_[i]);
  armed_ = true;
}

SignalWatch::~SignalWatch() { disarm(); } // OK

unsigned SignalWatch::take() {
  if (efd_ < 0)
    return 0;
  std::uint64_t count = 0;
  for (;;) {
    const ssize_t n = ::read(efd_, &count, sizeof count); // OK
    if (n == static_cast<ssize_t>(sizeof count))
      break;
    if (n < 0 && errno == EINTR)
      continue;
    return 0;
  }
  return g_pending.exchange(0);
}

void SignalWatch::disarm() {
  if (!armed_)
    return;
  armed_ = false;
  for (int i = 0; i < 3; ++i)
    ::sigaction(kSignals[i], &previous_[i], nullptr);
  g_wakeFd.store(-1);
  int rc = ::close(efd_);
  if (rc != 0 && errno == EINTR)
    rc = ::close(efd_); // OK
  efd_ = -1;
}
