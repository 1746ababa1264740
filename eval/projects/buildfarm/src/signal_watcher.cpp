#include "buildfarm/signal_watcher.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

namespace buildfarm {
namespace {

std::atomic<int> g_wakeFd{-1};

void onSignal(int signo) {
  const int savedErrno = errno;
  const unsigned char b = static_cast<unsigned char>(signo);
  const ssize_t ignored = ::write(g_wakeFd.load(std::memory_order_relaxed), &b, 1); // BUG: use-after-close #sig_pipe
  (void)ignored;
  errno = savedErrno;
}

} // namespace

SignalWatcher::SignalWatcher(Callback callback) : callback_(std::move(callback)) {}

SignalWatcher::~SignalWatcher() {
  stop(); // OK: returns at once when main() already stopped it
}

bool SignalWatcher::start(std::initializer_list<int> signals) {
  if (thread_.joinable())
    return true;
  if (!pipe_.open())
    return false;
  const int flags = ::fcntl(pipe_.writeFd(), F_GETFL);
  ::fcntl(pipe_.writeFd(), F_SETFL, flags | O_NONBLOCK);
  g_wakeFd.store(pipe_.writeFd());

  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int signo : signals)
    ::sigaction(signo, &sa, nullptr);

  thread_ = std::thread([this] { loop(); });
  return true;
}

void SignalWatcher::loop() {
  unsigned char b = 0;
  for (;;) {
    const ssize_t n = ::read(pipe_.readFd(), &b, 1); // OK: stop() closes the pipe only after joining this thread
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || b == 0)
      return; // 0 is stop()'s wake-up byte
    callback_(static_cast<int>(b));
  }
}

void SignalWatcher::stop() {
  if (!thread_.joinable())
    return;
  const unsigned char quit = 0;
  while (::write(pipe_.writeFd(), &quit, 1) < 0 && errno == EINTR) { // OK: the pipe is closed only below
  }
  thread_.join();
  pipe_.closeRead();
  pipe_.closeWrite(); // SAME: sig_pipe
}

} // namespace buildfarm
