// Self-pipe for SIGTERM/SIGINT/SIGHUP: the handlers write the signal number
// into a pipe the main loop waits on.
#pragma once
#include "unique_fd.h"
#include <csignal>

namespace histd {

class SignalPipe {
public:
  SignalPipe();
  ~SignalPipe();

  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  /// Waits up to `timeoutMs`; returns the signal received or 0.
  int wait(int timeoutMs);

private:
  UniqueFd readEnd_;
  UniqueFd writeEnd_;
  struct sigaction oldTerm_ {};
  struct sigaction oldInt_ {};
  struct sigaction oldHup_ {};
};

/// Worker threads call this first so the handlers only run on the main thread.
void blockShutdownSignals();

} // namespace histd
