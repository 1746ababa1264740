// GatewayServer: the control loop tying the components together
// (server.cpp). No markers here.
#pragma once
#include "gateway/config.h"
#include "gateway/connection.h"
#include "gateway/registry.h"
#include "gateway/worker_pool.h"

#include <istream>
#include <string>

namespace gateway {

class Notifier;
class AuditTrail;
class ReceiptSink;
class ReplicaBridge;
class Dispatcher;
class Fanout;
class SpoolFile;

struct Components {
  Notifier &notifier;
  AuditTrail &audit;
  ReceiptSink &receipts;
  ReplicaBridge &bridge;
  Dispatcher &dispatcher;
  Fanout &fanout;
  SpoolFile &spool;
};

class GatewayServer {
public:
  GatewayServer(const Config &cfg, Components parts);

  void run(std::istream &commands);
  void onControlError(const std::string &what);
  void reportStatus();
  void disconnectClients(const std::string &reason);
  void endReplication(bool replicaOk);
  void shutdown();

private:
  void handle(const std::string &verb, const std::string &arg, const std::string &arg2);

  Config cfg_;
  Components parts_;
  UpstreamConn control_;
  SessionRegistry registry_;
  WorkerPool pool_;
  int controlErrors_ = 0;
};

} // namespace gateway
