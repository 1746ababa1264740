// histd entry point: loads the configuration, takes the pid-file lock and
// runs the historian until it is asked to stop.
#include "config.h"
#include "historian.h"
#include "log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

namespace {

void usage() { std::fprintf(stderr, "usage: histd [-c config] [-v]\n"); }

} // namespace

int main(int argc, char **argv) {
  std::string configPath = "/etc/histd/histd.conf";
  int opt;
  while ((opt = ::getopt(argc, argv, "c:vh")) != -1) {
    switch (opt) {
    case 'c':
      configPath = optarg;
      break;
    case 'v':
      histd::log::setLevel(histd::log::Level::Debug);
      break;
    default:
      usage();
      return opt == 'h' ? 0 : 2;
    }
  }

  histd::Config cfg;
  try {
    cfg = histd::loadConfig(configPath);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "histd: %s\n", e.what());
    return 2;
  }

  const std::string pidPath = cfg.pidFile;
  std::FILE *pid = std::fopen(pidPath.c_str(), "a+");
  if (!pid) {
    std::fprintf(stderr, "histd: %s: %s\n", pidPath.c_str(), std::strerror(errno));
    return 1;
  }
  if (::lockf(::fileno(pid), F_TLOCK, 0) != 0) {
    std::fprintf(stderr, "histd: another instance holds %s\n", pidPath.c_str());
    std::fclose(pid);
    return 1;
  }
  if (::ftruncate(::fileno(pid), 0) != 0 || std::fprintf(pid, "%d\n", int(::getpid())) < 0 || // OK
      std::fflush(pid) != 0) {
    std::fprintf(stderr, "histd: cannot write %s: %s\n", pidPath.c_str(), std::strerror(errno));
    std::fclose(pid);
    return 1;
  }

  int status = 1;
  try {
    histd::Historian historian(configPath, std::move(cfg));
    status = historian.run();
  } catch (const std::exception &e) {
    histd::log::error("fatal: %s", e.what());
  }

  std::remove(pidPath.c_str());
  std::fclose(pid); // OK
  return status;
}
