// cued: the stage automation daemon. "cued PLOT" runs a performance until
// SIGINT/SIGTERM and then brings the curtain down; SIGUSR1 toggles the
// interval, SIGUSR2 hands the show to the prompt desk, SIGHUP reloads the
// plot. "cued --check PLOT" runs the pre-show check only.
#include "preshow.h"
#include "promptbook.h"
#include "stagehouse.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

namespace {
using Request = cued::Stagehouse::Request;
std::atomic<bool> gStop{false};
std::atomic<int> gRequest{0};
std::atomic<bool> gInInterval{false};

extern "C" void onSignal(int sig) {
  switch (sig) {
  case SIGUSR1: {
    const bool wasInInterval = gInInterval.load();
    gInInterval.store(!wasInInterval);
    gRequest.store(static_cast<int>(wasInInterval ? Request::Resume : Request::Interval));
    break;
  }
  case SIGUSR2: gRequest.store(static_cast<int>(Request::Handover)); break;
  case SIGHUP: gRequest.store(static_cast<int>(Request::Reload)); break;
  default: gStop.store(true); break;
  }
}
} // namespace

int main(int argc, char **argv) {
  if (argc > 2 && std::strcmp(argv[1], "--check") == 0)
    return cued::runSelfTest(argv[2]) ? 0 : 2;
  if (argc > 2 && std::strcmp(argv[1], "--maintenance") == 0)
    gRequest.store(static_cast<int>(Request::Maintenance));
  const int plotArg = argc > 2 && argv[1][0] == '-' ? 2 : 1;

  const std::string plot = argc > plotArg ? argv[plotArg] : "/etc/cued/show.plot";
  for (const int sig : {SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGHUP})
    std::signal(sig, onSignal);

  int rc = 0;
  try {
    cued::Stagehouse house(plot);
    house.run(gStop, gRequest);
    house.curtainDown();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cued: %s\n", e.what());
    rc = 1;
  }
  cued::promptBook().record("cued", "exit status " + std::to_string(rc)); // BUG: use-after-close
  return rc;
}
