// main(): wires the gateway together, runs the command loop on stdin and
// shuts everything down in order (the dispatcher before the delivery worker it
// feeds, the pool before the sessions its tasks use). At the end the
// counters are exported: exportTo() (metrics.cpp) already closed the stream,
// and main() closes it again (bug); the summary written with writeTo(),
// which leaves the stream open, is closed once (quiet line).
#include "gateway/acceptor.h"
#include "gateway/audit.h"
#include "gateway/bootstrap.h"
#include "gateway/bridge.h"
#include "gateway/config.h"
#include "gateway/delivery.h"
#include "gateway/dispatcher.h"
#include "gateway/fanout.h"
#include "gateway/heartbeat.h"
#include "gateway/metrics.h"
#include "gateway/notifier.h"
#include "gateway/server.h"
#include "gateway/spool.h"
#include "gateway/uplink.h"
#include "messaging.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

int main(int argc, char **argv) {
  using namespace gateway;
  const Config cfg = loadConfig(argc > 1 ? argv[1] : "gateway.conf");

  SpoolFile spool;
  if (!spool.open(cfg.spoolPath)) {
    std::perror("gateway: spool");
    return 1;
  }
  if (!writeSpoolHeader(spool, cfg))
    return 1;

  std::unique_ptr<kafka::KafkaProducer> deliveryProducer = kafka::createProducer(cfg.brokers);
  DeliveryWorker delivery(*deliveryProducer);
  delivery.start();

  std::shared_ptr<kafka::KafkaProducer> events = kafka::createProducer(cfg.brokers);
  Notifier notifier(events, "notifications");
  AuditTrail audit(notifier.producer());
  ReceiptSink receipts(notifier.producer());
  events.reset(); // the notifier and the audit trail own it from here on

  cassandra::StreamingMultiplexedChannel replicaChannel;
  ReplicaBridge bridge(replicaChannel);

  Fanout fanout;
  Acceptor acceptor(fanout, "Welcome to the notification gateway");
  if (const char *inherited = std::getenv("GATEWAY_CLIENT_FD")) {
    const int fd = std::atoi(inherited);
    if (cfg.legacyGreeting)
      acceptor.onAcceptLegacy(fd);
    else
      acceptor.onAccept(fd);
  }

  Dispatcher dispatcher([&delivery](const Notification &n) {
    delivery.enqueue(kafka::ProducerRecord{"deliveries", n.user + ": " + n.text});
  });
  dispatcher.start();

  Heartbeat heartbeat(cfg.monitorEndpoint, cfg.heartbeatEvery);
  KeepAlive keepAlive(cfg.controlEndpoint, cfg.keepAliveEvery);
  heartbeat.start();
  keepAlive.start();

  Uplink uplink(cfg.primaryUpstream, cfg.backupUpstream);
  if (!uplink.send("HELLO gateway/1"))
    uplink.recover(!cfg.backupUpstream.empty());

  Metrics metrics;
  metrics.count("starts");

  GatewayServer server(cfg, Components{notifier, audit, receipts, bridge, dispatcher, fanout, spool});
  server.run(std::cin);
  const bool replicaOk = bridge.forward("SYNC", "final");
  server.endReplication(replicaOk);
  server.shutdown();

  heartbeat.stop();
  keepAlive.stop();
  if (!uplink.connected())
    uplink.reconnect();
  uplink.send("GOODBYE");
  uplink.shutdown();
  delivery.stop();
  metrics.count("clean_stops");

  if (std::FILE *out = std::fopen(cfg.metricsPath.c_str(), "w")) {
    metrics.exportTo(out);
    std::fclose(out); // BUG: double-close
  }
  std::FILE *summary = std::fopen((cfg.metricsPath + ".summary").c_str(), "w");
  if (summary != nullptr) {
    metrics.writeTo(summary);
    std::fclose(summary); // OK: writeTo() leaves the stream open
  }
  return 0;
}
