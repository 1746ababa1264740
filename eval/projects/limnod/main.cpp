// limnod entry point: builds the daemon from the command line, cycles until
// SIGTERM/SIGINT, then shuts it down.
#include "limnod.h"
#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>

namespace {
std::atomic<Limnod *> running{nullptr};

extern "C" void onSignal(int) {
  if (Limnod *daemon = running.load())
    daemon->requestStop();
}
} // namespace

int main(int argc, char **argv) {
  try {
    Limnod daemon(LimnodSettings::fromArgs(argc, argv));
    running.store(&daemon);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    daemon.cycle(1 << 30);
    running.store(nullptr);
    daemon.shutdown();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "limnod: %s\n", e.what());
    return 1;
  }
  return 0;
}
