// bmsd: the building-management-system daemon. Loads the configuration,
// opens the diagnostics log, installs the signal pipe, runs the daemon until
// SIGINT/SIGTERM and shuts it down.
#include <csignal>
#include <cstdio>
#include <string>

#include "config.h"
#include "daemon.h"
#include "diagnostics.h"
#include "signal_pipe.h"

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/bmsd/bmsd.conf";

  bmsd::Config cfg;
  bmsd::Status st = bmsd::loadConfig(configPath, cfg);
  if (!st.good()) {
    std::fprintf(stderr, "bmsd: %s\n", st.toString().c_str());
    return 2;
  }

  bmsd::Diagnostics diag;
  if (!cfg.diagnosticsPath.empty()) {
    st = diag.openFile(cfg.diagnosticsPath);
    if (!st.good())
      std::fprintf(stderr, "bmsd: %s; logging to stderr\n", st.toString().c_str());
  }

  bmsd::SignalPipe &signals =
      bmsd::SignalPipe::install({SIGINT, SIGTERM, SIGHUP, SIGUSR1});
  std::signal(SIGPIPE, SIG_IGN);

  int code = 0;
  {
    bmsd::Daemon daemon(cfg, configPath, diag, signals);
    st = daemon.start();
    if (!st.good()) {
      diag.error("startup failed: %s", st.toString().c_str());
      daemon.shutdown();
      return 1;
    }
    daemon.run();
    daemon.shutdown();
    code = daemon.exitCode();
  }

  diag.info("bmsd stopped (exit code %d)", code);
  diag.close();
  std::fprintf(stderr, "bmsd: exit %d\n", code); // OK: the diagnostics file was closed, stderr never is
  if (code != 0)
    diag.error("bmsd exited abnormally (code %d)", code); // BUG: use-after-close #diag-exit
  return code;
}
