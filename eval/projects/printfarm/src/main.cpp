// printfarmd: controller daemon for a farm of 3D printers.
// Loads the configuration, starts the FarmCoordinator and waits for signals:
// SIGHUP reloads the configuration, SIGINT/SIGTERM (or "farmctl quit") stop the daemon.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <string>
#include <unistd.h>

#include "printfarm/config.h"
#include "printfarm/farm_coordinator.h"

namespace {

bool writePidFile(const std::string &path) {
  std::FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    return false;
  const bool written = std::fprintf(f, "%d\n", static_cast<int>(::getpid())) > 0;
  return std::fclose(f) == 0 && written;
}

void usage(const char *argv0) {
  std::fprintf(stderr, "usage: %s [-c config] [-p pidfile] [--check] [--write-config]\n", argv0);
}

} // namespace

int main(int argc, char **argv) {
  std::string configPath = "/etc/printfarm.conf";
  std::string pidPath = "/run/printfarm/printfarmd.pid";
  bool checkOnly = false;
  bool writeConfig = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-c" && i + 1 < argc)
      configPath = argv[++i];
    else if (arg == "-p" && i + 1 < argc)
      pidPath = argv[++i];
    else if (arg == "--check")
      checkOnly = true;
    else if (arg == "--write-config")
      writeConfig = true;
    else {
      usage(argv[0]);
      return 2;
    }
  }

  printfarm::FarmConfig cfg;
  std::string error;
  if (writeConfig) {
    // Writes the defaults, for a fresh installation.
    if (!printfarm::saveConfig(configPath, cfg, error)) {
      std::fprintf(stderr, "printfarmd: %s\n", error.c_str());
      return 1;
    }
    return 0;
  }
  if (!printfarm::loadConfig(configPath, cfg, error)) {
    std::fprintf(stderr, "printfarmd: %s\n", error.c_str());
    return 1;
  }
  if (checkOnly)
    return 0;

  // Every thread inherits this mask; the main thread takes the signals with sigtimedwait().
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  printfarm::FarmCoordinator farm(cfg);
  if (!farm.start()) {
    std::fprintf(stderr, "printfarmd: start failed\n");
    return 1;
  }
  if (!writePidFile(pidPath))
    std::fprintf(stderr, "printfarmd: cannot write %s: %s\n", pidPath.c_str(), std::strerror(errno));

  for (;;) {
    timespec tick{1, 0};
    const int sig = sigtimedwait(&signals, nullptr, &tick);
    if (sig == SIGHUP) {
      printfarm::FarmConfig next;
      if (printfarm::loadConfig(configPath, next, error))
        farm.reload(next);
      else
        std::fprintf(stderr, "printfarmd: reload: %s\n", error.c_str());
      continue;
    }
    if (sig == SIGINT || sig == SIGTERM || farm.quitRequested())
      break;
  }
  farm.stop();
  ::unlink(pidPath.c_str());
  return 0;
}
