// fleetd: vehicle-fleet telematics gateway. Reads the configuration, takes
// the pid-file lock, runs the gateway until SIGTERM/SIGINT, then runs the
// shutdown plan and releases the pid file.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <string>
#include <sys/file.h>
#include <unistd.h>

#include "config.h"
#include "diagnostics.h"
#include "fd_util.h"
#include "gateway.h"
#include "shutdown_plan.h"
#include "signal_pipe.h"

using namespace fleetd;

namespace {

[[noreturn]] void die(const std::string &what) {
  std::fprintf(stderr, "fleetd: %s: %s\n", what.c_str(), std::strerror(errno));
  std::exit(1);
}

int lockPidFile(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    die("cannot open pid file " + path);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    die("another fleetd holds " + path);
  }
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || !writeAll(fd, pid.data(), pid.size())) // OK
    die("cannot write pid file " + path);
  return fd;
}

void releasePidFile(int fd, const std::string &path, Diagnostics &diag) {
  ::unlink(path.c_str());
  if (::close(fd) != 0) {
    diag.printf("closing pid file %s failed: %s", path.c_str(), std::strerror(errno));
    ::close(fd); // BUG: double-close
  }
}

} // namespace

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/fleetd/fleetd.conf";
  Config cfg;
  try {
    cfg = loadConfig(configPath);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "fleetd: %s\n", e.what());
    return 2;
  }

  Diagnostics diag(cfg.diagnosticsPath);
  const int pidFd = lockPidFile(cfg.pidFile);
  int rc = 0;
  {
    SignalPipe signals;
    try {
      Gateway gateway(cfg, configPath, diag);
      diag.printf("fleetd %d listening on port %u", static_cast<int>(::getpid()),
                  static_cast<unsigned>(cfg.vehiclePort));
      rc = gateway.run(signals);
      int failed = runShutdownPlan(gateway.shutdownPlan(), diag);
      if (failed > 0)
        diag.printf("%d shutdown steps failed", failed);
    } catch (const std::exception &e) {
      diag.printf("fatal: %s", e.what());
      rc = 1;
    }
  }
  releasePidFile(pidFd, cfg.pidFile, diag);
  diag.printf("fleetd stopped with status %d", rc);
  diag.close();
  std::fprintf(stderr, "fleetd: exited with status %d\n", rc); // OK
  return rc;
}
