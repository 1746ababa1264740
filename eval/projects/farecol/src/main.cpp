// farecol daemon entry point: loads the configuration, runs the main loop (device traffic,
// timers, signals) and, on SIGINT/SIGTERM, runs the service's shutdown steps in order.
#include "config.h"
#include "diagnostics.h"
#include "service.h"
#include "signal_pipe.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <memory>
#include <poll.h>
#include <string>
#include <vector>

using namespace farecol;

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/farecol/farecol.conf";
  Diagnostics diag;
  std::optional<Config> config = loadConfig(configPath, diag);
  if (!config)
    return 2;
  if (!config->diagnosticsPath.empty() && !diag.openFile(config->diagnosticsPath))
    diag.warn("diagnostics stay on stderr");

  SignalPipe &signals = SignalPipe::instance();
  if (!signals.install({SIGINT, SIGTERM, SIGHUP})) {
    diag.error("cannot install signal handlers: %s", std::strerror(errno));
    return 1;
  }

  int exitCode = 0;
  {
    std::unique_ptr<Service> service;
    try {
      service = std::make_unique<Service>(std::move(*config), diag);
    } catch (const std::exception &e) {
      diag.error("cannot set up the service: %s", e.what());
      return 1;
    }
    Status st = service->start();
    if (st.failed()) {
      diag.error("startup failed: %s", st.describe().c_str());
      return 1;
    }

    bool running = true;
    std::vector<pollfd> fds;
    while (running) {
      fds.clear();
      fds.push_back(pollfd{signals.readFd(), POLLIN, 0});
      service->fillPollSet(fds);
      const int rc = ::poll(fds.data(), fds.size(), service->nextTimeoutMs(std::chrono::steady_clock::now()));
      if (rc < 0 && errno != EINTR) {
        diag.error("poll: %s", std::strerror(errno));
        exitCode = 1;
        break;
      }
      if (rc > 0 && (fds[0].revents & POLLIN) != 0) {
        for (int sig : signals.drain()) {
          if (sig != SIGHUP) {
            diag.info("signal %d received, shutting down", sig);
            running = false;
            continue;
          }
          Status reloaded = service->reload(configPath);
          if (reloaded.failed())
            diag.error("reload of %s: %s", configPath.c_str(), reloaded.describe().c_str());
          else
            diag.info("configuration %s reloaded", configPath.c_str());
        }
      }
      if (rc > 0)
        service->onReady(fds);
      service->tick(std::chrono::steady_clock::now());
    }

    const std::vector<ShutdownStep> plan = service->shutdownPlan();
    for (const ShutdownStep &step : plan) {
      try {
        step.run();
        diag.info("shutdown: %s", step.name.c_str());
      } catch (const std::exception &e) {
        diag.error("shutdown step '%s' failed: %s", step.name.c_str(), e.what());
        exitCode = 1;
      }
    }
  }
  diag.close();
  diag.info("farecol stopped with exit code %d", exitCode); // OK
  return exitCode;
}
