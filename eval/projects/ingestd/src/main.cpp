// ingestd entry point: loads the config, starts the daemon and waits for
// signals. SIGHUP reloads the config and reopens the log; SIGTERM/SIGINT
// drain the daemon and exit.
#include "ingestd/config.h"
#include "ingestd/daemon.h"
#include "ingestd/signal_pipe.h"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  const std::string cfgPath = argc > 1 ? argv[1] : "/etc/ingestd/ingestd.conf";
  ingestd::ConfigLoader loader(cfgPath);
  ingestd::Config cfg;
  if (!loader.load(cfg)) {
    std::fprintf(stderr, "ingestd: cannot load %s\n", cfgPath.c_str());
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  ingestd::SignalPipe signals;
  if (!signals.open({SIGTERM, SIGINT, SIGHUP})) {
    std::fprintf(stderr, "ingestd: cannot install signal handlers\n");
    return 2;
  }

  ingestd::Daemon daemon(cfg);
  if (!daemon.start()) {
    std::fprintf(stderr, "ingestd: start failed, see the log\n");
    daemon.stop();
    return 1;
  }

  for (;;) {
    const int sig = signals.wait();
    if (sig != SIGHUP)
      break;
    ingestd::Config fresh = cfg;
    if (loader.reload(fresh)) {
      daemon.reload(fresh);
      cfg = fresh;
    }
  }

  // Nobody reads the pipe from here on, and the drain can take minutes.
  signals.close();
  int rc = 0;
  try {
    daemon.stop();
    daemon.publishFinalStats(); // BUG: use-after-close #final_stats
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ingestd: error during shutdown: %s\n", e.what());
    rc = 1;
  }
  return rc;
}
