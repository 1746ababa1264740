// dnscache: caching DNS forwarder daemon.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>

#include "dnscache/config.h"
#include "dnscache/logging.h"
#include "dnscache/pid_file.h"
#include "dnscache/server.h"

using namespace dnscache;

namespace {

void usage() { std::fprintf(stderr, "usage: dnscache [-c config] [-f]\n"); }

void daemonize(bool keepStderr) {
  const pid_t pid = ::fork();
  if (pid < 0) {
    std::perror("dnscache: fork");
    std::exit(1);
  }
  if (pid > 0)
    std::_Exit(0);
  ::setsid();
  const int devnull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (devnull < 0)
    return;
  ::dup2(devnull, STDIN_FILENO);
  ::dup2(devnull, STDOUT_FILENO);
  if (!keepStderr)
    ::dup2(devnull, STDERR_FILENO);
  if (devnull > STDERR_FILENO)
    ::close(devnull); // OK: only the spare descriptor; 0-2 are separate dup2() copies and stay open
}

} // namespace

int main(int argc, char **argv) {
  std::string configPath = "/etc/dnscache/dnscache.conf";
  bool foreground = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
      configPath = argv[++i];
    } else if (std::strcmp(argv[i], "-f") == 0) {
      foreground = true;
    } else {
      usage();
      return 2;
    }
  }

  Config cfg;
  std::string error;
  if (!loadConfig(configPath, cfg, error)) {
    std::fprintf(stderr, "dnscache: %s\n", error.c_str());
    return 2;
  }
  Logger::instance().setLevel(parseLogLevel(cfg.logLevel));
  if (!cfg.errorLog.empty() && !Logger::instance().reopen(cfg.errorLog))
    std::fprintf(stderr, "dnscache: cannot open %s, logging to stderr\n", cfg.errorLog.c_str());
  if (!foreground)
    daemonize(cfg.errorLog.empty());

  PidFile pid(cfg.pidFile);
  if (!cfg.pidFile.empty() && !pid.acquire()) {
    return 1; // BUG: double-close #pidfd — acquire() closed fd_ with closeQuietly() on the lock-failure path without resetting it; ~PidFile closes it again here
  }
  std::signal(SIGPIPE, SIG_IGN);

  auto server = std::make_unique<Server>(cfg);
  if (!server->start()) {
    logError("dnscache: start-up failed");
    server->stop();
    return 1;
  }
  server->waitForShutdown();
  server->stop();
  server.reset();
  pid.release();
  Logger::instance().close();
  return 0; // OK: release() reset the pid file's descriptor, so ~PidFile closes nothing here
}
