// tubed entry point: builds the network, runs the day loop until SIGUSR1 (night mode) or
// SIGTERM (shutdown), then tears the network down and leaves a last audit line.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <thread>

#include "network.h"

namespace {
volatile std::sig_atomic_t g_request = 0;
constexpr int kNight = 1;
constexpr int kStop = 2;

extern "C" void on_signal(int sig) { g_request = (sig == SIGUSR1) ? kNight : kStop; }
}  // namespace

int main(int argc, char** argv) {
  using namespace tubed;
  Network net(default_config(argc > 1 ? argv[1] : "/etc/tubed"));
  Status s = net.start();
  if (!s.is_ok()) {
    std::fprintf(stderr, "tubed: cannot start: %s\n", s.to_string().c_str());
    return 1;
  }
  std::shared_ptr<AuditWriter> audit = net.audit();
  std::signal(SIGUSR1, on_signal);
  std::signal(SIGTERM, on_signal);
  while (g_request == 0) {
    net.tick();
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  if (g_request == kNight) {
    try {
      net.night_mode();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tubed: night mode: %s\n", e.what());
    }
  }
  net.shutdown();
  audit->write("tubed exiting"); // BUG: use-after-close
  return 0;
}
