// startThread: starts a std::thread with the daemon's signals blocked, so
// that SIGINT/SIGTERM/SIGHUP/SIGUSR1 are only ever handled on the main thread.
#pragma once
#include <csignal>
#include <functional>
#include <pthread.h>
#include <thread>
#include <utility>

#include "defer.h"

namespace bmsd {

inline std::thread startThread(std::function<void()> body) {
  sigset_t daemonSignals;
  sigset_t previous;
  sigemptyset(&daemonSignals);
  sigaddset(&daemonSignals, SIGINT);
  sigaddset(&daemonSignals, SIGTERM);
  sigaddset(&daemonSignals, SIGHUP);
  sigaddset(&daemonSignals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &daemonSignals, &previous);
  auto restore = defer([&previous] { pthread_sigmask(SIG_SETMASK, &previous, nullptr); });
  return std::thread(std::move(body));
}

} // namespace bmsd
