// Back-office report service: card balances, device status, settlement exports, and the
// staff actions (deny a card, command a gate). Runs on its own thread.
#pragma once
#include "report_protocol.h"
#include "socket_fd.h"
#include "status.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <string>
#include <thread>

namespace farecol {

class AuditTrail;
class DenyListUpdater;
class Diagnostics;
class GateCommander;
class Ledger;
class LinkRegistry;

struct ReportConfig {
  std::string address = "127.0.0.1";
  std::uint16_t port = 0;
  std::uint16_t probePort = 0;
  std::size_t maxWaiting = 8;
  std::string exportDir;
};

class ReportServer {
public:
  ReportServer(ReportConfig config, Ledger &ledger, LinkRegistry &registry, GateCommander &commander,
               DenyListUpdater &deny, AuditTrail &audit, Diagnostics &diag);
  ~ReportServer();
  ReportServer(const ReportServer &) = delete;
  ReportServer &operator=(const ReportServer &) = delete;

  Status start();
  void stop();

private:
  void loop();
  void acceptWaiting();
  void serveProbe();
  void serveClient(SocketFd &client);
  void serveReport(SocketFd &client, const ReportRequest &request);
  void serveExport(SocketFd &client, const ReportRequest &request);
  Report buildReport(const ReportRequest &request);
  std::string statusLine() const;

  const ReportConfig config_;
  Ledger &ledger_;
  LinkRegistry &registry_;
  GateCommander &commander_;
  DenyListUpdater &deny_;
  AuditTrail &audit_;
  Diagnostics &diag_;
  SocketFd listen_;
  SocketFd probeListen_;
  std::deque<SocketFd> waiting_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::uint64_t> served_{0};
  std::thread thread_;
};

} // namespace farecol
