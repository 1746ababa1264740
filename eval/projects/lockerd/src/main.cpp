// lockerd entry point: loads the configuration and runs the daemon until it
// is told to stop.
#include "config.h"
#include "daemon.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  const std::string configPath = argc > 1 ? argv[1] : "/etc/lockerd/lockerd.conf";

  Config config;
  Status st = loadConfig(configPath, config);
  if (st.failed()) {
    std::fprintf(stderr, "lockerd: %s\n", st.describe().c_str());
    return 2;
  }

  try {
    Daemon daemon(configPath, std::move(config));
    return daemon.run();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "lockerd: %s\n", e.what());
    return 1;
  }
}
