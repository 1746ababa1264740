// The relay's entry point: loads the configuration, replays the spool, runs
// until told to stop, then stops the server (twice on the signal path: the
// explicit stop and the destructor's; stop() returns early the second time).
#include "relay/admin.h"
#include "relay/config.h"
#include "relay/metrics.h"
#include "relay/relay_server.h"
#include "relay/replay.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  try {
    const relay::RelayConfig config = relay::loadConfig(argc > 1 ? argv[1] : "relay.conf");
    relay::RelayServer server(config);
    {
      relay::Scheduler replayers(config.workers);
      relay::BrokerProducer replayProducer(config.brokers);
      relay::replaySpoolAndWait(replayers, replayProducer,
                                relay::readSpool(config.spoolPath.c_str()));
    }
    relay::Metrics metrics(server.log());
    metrics.report();
    relay::evictSession(server.sessions(), "stale");
    server.stop();
    server.stop(); // OK
  } catch (const std::exception &error) {
    std::fprintf(stderr, "relay: %s\n", error.what());
    return 1;
  }
  return 0;
}
