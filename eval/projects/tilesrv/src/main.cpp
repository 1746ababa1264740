// tilesrv entry point: loads the configuration, blocks the handled signals
// in every thread (the event loop unblocks them inside ppoll()), writes the
// pid file and runs the server until SIGTERM, SIGINT or an admin "quit".
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <pthread.h>
#include <unistd.h>

#include "config.h"
#include "log.h"
#include "server.h"

namespace {

void writePidFile(const std::string &path) {
  if (path.empty())
    return;
  std::FILE *file = std::fopen(path.c_str(), "w");
  if (!file) {
    tilesrv::log::warn("cannot create pid file %s", path.c_str());
    return;
  }
  if (std::fprintf(file, "%ld\n", static_cast<long>(::getpid())) < 0) {
    std::fclose(file);
    tilesrv::log::warn("could not write pid file %s", path.c_str());
  }
  if (std::fflush(file) != 0) // BUG: use-after-close
    tilesrv::log::warn("could not flush pid file %s", path.c_str());
  std::fclose(file); // BUG: double-close
}

bool otherInstanceAlive(const std::string &path) {
  std::FILE *file = std::fopen(path.c_str(), "r");
  if (!file)
    return false;
  long pid = 0;
  const int matched = std::fscanf(file, "%ld", &pid);
  std::fclose(file);
  return matched == 1 && pid > 1 && pid != static_cast<long>(::getpid()) && ::kill(static_cast<pid_t>(pid), 0) == 0;
}

} // namespace

int main(int argc, char **argv) {
  using namespace tilesrv;
  const std::string configPath = argc > 1 ? argv[1] : "/etc/tilesrv/tilesrv.conf";
  if (std::getenv("TILESRV_DEBUG"))
    log::setLevel(log::Level::Debug);

  ServerConfig config;
  try {
    config = loadConfig(configPath);
  } catch (const std::exception &e) {
    log::error("%s", e.what());
    return 2;
  }
  if (!config.pidFile.empty() && otherInstanceAlive(config.pidFile)) {
    log::error("another tilesrv is running (pid file %s)", config.pidFile.c_str());
    return 2;
  }

  sigset_t handled, previous;
  sigemptyset(&handled);
  sigaddset(&handled, SIGHUP);
  sigaddset(&handled, SIGTERM);
  sigaddset(&handled, SIGINT);
  ::pthread_sigmask(SIG_BLOCK, &handled, &previous);
  std::signal(SIGPIPE, SIG_IGN);

  std::unique_ptr<Server> server;
  try {
    server = std::make_unique<Server>(config, configPath, previous);
    server->start();
  } catch (const std::exception &e) {
    log::error("startup failed: %s", e.what());
    return 1;
  }
  writePidFile(config.pidFile);

  int status = 0;
  try {
    server->run();
  } catch (const std::exception &e) {
    status = 1;
    try {
      server->fatal(e.what());
    } catch (const std::exception &again) {
      log::error("emergency shutdown failed: %s", again.what());
    }
  }
  if (status == 0) {
    try {
      server->shutdown();
    } catch (const std::exception &e) {
      log::error("shutdown: %s", e.what());
      status = 1;
    }
  }
  server.reset(); // OK: ~Server skips shutdown() once it has run
  if (!config.pidFile.empty())
    ::unlink(config.pidFile.c_str());
  return status;
}
