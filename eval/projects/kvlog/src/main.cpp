// kvlog daemon entry point: loads the configuration, starts the server and
// waits for SIGINT / SIGTERM (or an admin "quit") on a self-pipe, then shuts
// the server down.
#include "kvlog/config_loader.h"
#include "kvlog/log.h"
#include "kvlog/server.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {

int g_wakePipe[2] = {-1, -1};
volatile std::sig_atomic_t g_signalCount = 0;

extern "C" void onSignal(int sig) {
  g_signalCount = g_signalCount + 1;
  const int savedErrno = errno;
  const char byte = static_cast<char>(sig);
  const ssize_t n = ::write(g_wakePipe[1], &byte, 1); // BUG: use-after-close #sig_pipe
  (void)n;
  errno = savedErrno;
}

bool installSignalHandlers() {
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  if (::sigaction(SIGINT, &sa, nullptr) != 0 || ::sigaction(SIGTERM, &sa, nullptr) != 0)
    return false;
  std::signal(SIGPIPE, SIG_IGN);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "kvlog.conf";
  kvlog::Config cfg;
  kvlog::ConfigLoader loader;
  if (!loader.load(configPath, cfg))
    return 2;

  if (::pipe2(g_wakePipe, O_CLOEXEC) != 0) {
    kvlog::logError("cannot create the signal pipe: %s", std::strerror(errno));
    return 1;
  }
  if (!installSignalHandlers()) {
    kvlog::logError("cannot install signal handlers: %s", std::strerror(errno));
    return 1;
  }

  kvlog::Server server(cfg);
  server.setQuitHandler([] { ::kill(::getpid(), SIGTERM); });
  if (!server.start()) {
    kvlog::logError("kvlog: start-up failed");
    server.shutdown();
    kvlog::closeLogs();
    return 1;
  }
  kvlog::logInfo("kvlog: running");

  char sig = 0;
  while (::read(g_wakePipe[0], &sig, 1) < 0 && errno == EINTR) {
  }
  kvlog::logInfo("kvlog: signal %d received", static_cast<int>(sig));
  ::close(g_wakePipe[0]); // OK: the signal handler only writes to the other end
  ::close(g_wakePipe[1]); // SAME: sig_pipe
  server.shutdown();
  kvlog::closeLogs();
  return 0;
}
