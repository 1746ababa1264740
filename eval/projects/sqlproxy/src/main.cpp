// sqlproxy: a small PostgreSQL connection proxy.
//   sqlproxy [config-file]
// SIGINT/SIGTERM (or "SHUTDOWN" on the admin port) drain and stop it.
#include "sqlproxy/ProxyConfig.h"
#include "sqlproxy/ProxyServer.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>

namespace {

std::atomic<bool> g_signalled{false};

extern "C" void onSignal(int) { g_signalled.store(true); }

} // namespace

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/sqlproxy/sqlproxy.conf";

  std::signal(SIGPIPE, SIG_IGN); // a client that vanished mid-write must not kill us
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = onSignal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);

  try {
    sqlproxy::ProxyConfig cfg = sqlproxy::ProxyConfig::load(configPath);
    cfg.validate();
    sqlproxy::ProxyServer server(cfg, configPath);
    server.start();
    std::fprintf(stderr, "sqlproxy: listening on %u (admin %u)\n", cfg.listenPort, cfg.adminPort);
    return server.run(g_signalled);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "sqlproxy: %s\n", e.what());
    return 1;
  }
}
