// gridd: smart-meter head-end. Loads the configuration, optionally probes
// the Kafka brokers, then runs the head-end until SIGINT/SIGTERM.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <pthread.h>
#include <string>

#include "config.h"
#include "head_end.h"
#include "messaging.h"
#include "signal_watch.h"
#include "stats.h"

namespace {

bool probeBrokers(const Config &cfg) {
  std::unique_ptr<kafka::KafkaProducer> probe = kafka::createProducer(cfg.kafkaBrokers);
  if (!probe) {
    std::fprintf(stderr, "gridd: no producer for %s\n", cfg.kafkaBrokers.c_str());
    return false;
  }
  probe->send({cfg.billingTopic + ".probe", cfg.nodeName});
  probe->close(std::chrono::milliseconds(2000));
  const int stranded = probe->pendingCount();
  if (stranded > 0) {
    std::fprintf(stderr, "gridd: %d probe records still queued, flushing\n", stranded);
    probe->flush(); // BUG: use-after-close
  }
  return stranded == 0;
}

void usage(const char *argv0) {
  std::fprintf(stderr, "usage: %s [-c config] [--probe-kafka]\n", argv0);
}

} // namespace

int main(int argc, char **argv) {
  std::string configPath = "/etc/gridd/gridd.conf";
  bool probeOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
      configPath = argv[++i];
    } else if (std::strcmp(argv[i], "--probe-kafka") == 0) {
      probeOnly = true;
    } else {
      usage(argv[0]);
      return 2;
    }
  }

  Config cfg;
  std::string error;
  if (!loadConfig(configPath, cfg, error)) {
    std::fprintf(stderr, "gridd: %s\n", error.c_str());
    return 2;
  }
  if (probeOnly)
    return probeBrokers(cfg) ? 0 : 1;

  // Only the main thread handles the signals: every thread the head-end
  // starts inherits this mask.
  sigset_t handled, previous;
  sigemptyset(&handled);
  sigaddset(&handled, SIGINT);
  sigaddset(&handled, SIGTERM);
  sigaddset(&handled, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &handled, &previous);

  SignalWatch signals;
  HeadEnd head(cfg, configPath, signals);
  const bool started = head.start();
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);

  const int rc = started ? head.run() : 3;
  signals.disarm();
  head.shutdown();
  const std::string summary = formatCounters();
  std::fprintf(stdout, "gridd: %s stopped, %s\n", cfg.nodeName.c_str(), summary.c_str()); // OK
  return rc;
}
