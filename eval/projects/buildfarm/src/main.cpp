// buildfarm-agent: runs on every build machine, takes jobs from the
// coordinator and runs them until SIGTERM (drain) or SIGINT/SIGQUIT
// (immediate stop).
#include "buildfarm/agent.h"
#include "buildfarm/config_loader.h"
#include "buildfarm/file_util.h"
#include "buildfarm/signal_watcher.h"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  std::signal(SIGPIPE, SIG_IGN);
  const std::string configPath = argc > 1 ? argv[1] : "/etc/buildfarm/agent.conf";

  buildfarm::AgentConfig cfg;
  try {
    cfg = buildfarm::ConfigLoader().load(configPath);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "buildfarm-agent: %s\n", e.what());
    return 2;
  }

  std::FILE *pidFp = std::fopen(cfg.pidFile.c_str(), "w");
  if (pidFp && !buildfarm::writePidFile(pidFp))
    std::fprintf(stderr, "buildfarm-agent: could not write %s\n", cfg.pidFile.c_str());

  buildfarm::Agent agent(cfg, buildfarm::connectReplies(cfg.coordinator));
  buildfarm::SignalWatcher signals([&agent](int signo) {
    agent.requestStop(signo == SIGTERM ? buildfarm::StopKind::Drain
                                       : buildfarm::StopKind::Immediate);
  });
  if (!signals.start({SIGTERM, SIGINT, SIGQUIT}))
    std::fprintf(stderr, "buildfarm-agent: no signal handling\n");

  int rc = 0;
  if (!agent.start()) {
    std::fprintf(stderr, "buildfarm-agent: start failed\n");
    rc = 1;
  } else if (agent.waitForStopRequest() == buildfarm::StopKind::Drain) {
    agent.drain(cfg.drainGrace);
  }
  agent.shutdown();
  signals.stop();

  if (pidFp) {
    std::fclose(pidFp); // BUG: double-close
    std::remove(cfg.pidFile.c_str());
  }
  return rc;
}
