// Signal handling: SIGTERM/SIGINT request a stop, SIGHUP a configuration
// reload. The handler only stores to sig_atomic_t flags; everything else
// happens in the main loop, which polls them. No handles are involved.
#include "stop_flag.h"

#include <csignal>
#include <signal.h>

namespace {
volatile std::sig_atomic_t g_stop = 0;
volatile std::sig_atomic_t g_reload = 0;

extern "C" void ferryOnSignal(int sig) {
  if (sig == SIGHUP)
    g_reload = 1;
  else
    g_stop = 1;
}
} // namespace

namespace ferry {

void installSignalHandlers() {
  struct sigaction sa {};
  sa.sa_handler = ferryOnSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGTERM, &sa, nullptr);
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGHUP, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

bool stopRequested() { return g_stop != 0; }

bool takeReloadRequest() {
  if (g_reload == 0)
    return false;
  g_reload = 0;
  return true;
}

void requestStop() { g_stop = 1; }

} // namespace ferry
