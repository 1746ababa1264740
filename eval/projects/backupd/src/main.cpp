// backupd entry point: blocks the handled signals before any thread exists
// (the SignalWatcher unblocks them on its own thread), builds the Daemon and
// runs it until SIGINT/SIGTERM.
#include <csignal>
#include <cstdio>
#include <exception>
#include <pthread.h>
#include <string>

#include "backupd/config.h"
#include "backupd/daemon.h"

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/backupd/backupd.conf";

  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);

  try {
    backupd::Daemon daemon(backupd::Config::load(configPath), configPath);
    return daemon.run();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "backupd: %s\n", e.what());
    return 1;
  }
}
