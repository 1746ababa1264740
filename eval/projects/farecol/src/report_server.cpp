// Back-office report service: answers staff queries and forwards staff actions to the
// main thread through the gate command and deny-list queues. A legacy monitoring port
// answers every connection with a one-line status.
#include "report_server.h"
#include "audit_trail.h"
#include "csv_format.h"
#include "deny_list_updater.h"
#include "diagnostics.h"
#include "gate_commander.h"
#include "ledger.h"
#include "link_registry.h"

#include <cerrno>
#include <chrono>
#include <exception>
#include <fstream>
#include <memory>
#include <poll.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/time.h>

namespace farecol {
namespace {

// Copy of a settlement export kept in the export directory for the auditors.
class ExportCopy {
public:
  explicit ExportCopy(const std::string &path) {
    out_.open(path, std::ios::out | std::ios::trunc);
    rows_.bind(out_);
  }
  bool ok() const { return static_cast<bool>(out_); }
  void add(std::string row) { rows_.add(std::move(row)); }

private:
  std::ofstream out_;
  RowBuffer rows_;
};

std::optional<GateCommand> parseCommand(const std::string &name) {
  if (name == "open")
    return GateCommand::Open;
  if (name == "lock")
    return GateCommand::Lock;
  if (name == "free-exit")
    return GateCommand::EmergencyFreeExit;
  if (name == "normal")
    return GateCommand::Normal;
  return std::nullopt;
}

std::string queryValue(const ReportRequest &request, const std::string &key) {
  auto it = request.query.find(key);
  return it == request.query.end() ? std::string() : it->second;
}

} // namespace

ReportServer::ReportServer(ReportConfig config, Ledger &ledger, LinkRegistry &registry, GateCommander &commander,
                           DenyListUpdater &deny, AuditTrail &audit, Diagnostics &diag)
    : config_(std::move(config)), ledger_(ledger), registry_(registry), commander_(commander), deny_(deny),
      audit_(audit), diag_(diag) {}

ReportServer::~ReportServer() { stop(); }

Status ReportServer::start() {
  if (thread_.joinable())
    return Status::invalid("report server is already running");
  SocketFd sock = SocketFd::listenTcp(config_.address, config_.port, true);
  if (!sock)
    return Status::ioError(errno, "report listener on port " + std::to_string(config_.port));
  SocketFd probe;
  if (config_.probePort != 0) {
    probe = SocketFd::listenTcp(config_.address, config_.probePort, true);
    if (!probe)
      return Status::ioError(errno, "probe listener on port " + std::to_string(config_.probePort));
  }
  listen_ = std::move(sock);
  probeListen_ = std::move(probe);
  stopping_ = false;
  thread_ = std::thread([this] { loop(); });
  return Status::success();
}

void ReportServer::stop() {
  stopping_ = true;
  if (thread_.joinable())
    thread_.join();
  listen_.close();      // OK
  probeListen_.close(); // OK
  waiting_.clear();
}

void ReportServer::loop() {
  while (!stopping_.load()) {
    pollfd fds[2] = {{listen_.get(), POLLIN, 0}, {probeListen_.get(), POLLIN, 0}};
    const nfds_t count = probeListen_ ? 2 : 1;
    if (::poll(fds, count, 250) <= 0)
      continue;
    if (count == 2 && (fds[1].revents & POLLIN))
      serveProbe();
    if (fds[0].revents & POLLIN)
      acceptWaiting();
    while (!waiting_.empty()) {
      SocketFd client = std::move(waiting_.front());
      waiting_.pop_front();
      try {
        serveClient(client);
      } catch (const std::exception &e) {
        diag_.warn("report client: %s", e.what());
      }
      client.close(); // OK
      served_.fetch_add(1);
    }
  }
}

void ReportServer::acceptWaiting() {
  for (;;) {
    SocketFd client = acceptClient(listen_);
    if (!client)
      return;
    if (waiting_.size() < config_.maxWaiting) {
      waiting_.push_back(std::move(client));
      continue;
    }
    diag_.warn("report server busy, turning away %s", SocketFd::peerName(client.get()).c_str());
    replyBusy(client.get());
    client.close(); // BUG: double-close #busyclose
  }
}

void ReportServer::serveProbe() {
  const int fd = acceptClient(probeListen_).get();
  if (fd < 0)
    return;
  answerProbe(fd, statusLine()); // BUG: use-after-close #tmpsock
}

void ReportServer::serveClient(SocketFd &client) {
  const timeval timeout{5, 0};
  ::setsockopt(client.get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::optional<ReportRequest> request = readRequest(client.get());
  if (!request) {
    replyError(client, 400, "malformed request");
    return;
  }
  audit_.record(request->staffId.empty() ? "anonymous" : request->staffId, request->method + " " + request->path);
  if (request->path == "/export/settlement")
    serveExport(client, *request);
  else
    serveReport(client, *request);
}

void ReportServer::serveReport(SocketFd &client, const ReportRequest &request) {
  const Report report = buildReport(request);
  writeHeader(client, report);
  client.sendAll(report.body.data(), report.body.size()); // BUG: use-after-close
}

void ReportServer::serveExport(SocketFd &client, const ReportRequest &request) {
  const std::string operatorId = queryValue(request, "operator");
  if (operatorId.empty()) {
    replyError(client, 400, "operator missing");
    return;
  }
  std::ostringstream csv;
  writeCsvHeader(csv, {"operator", "card", "product", "cents", "time"});
  std::unique_ptr<ExportCopy> copy;
  if (!config_.exportDir.empty()) {
    const auto stamp = std::chrono::system_clock::now().time_since_epoch() / std::chrono::seconds(1);
    copy = std::make_unique<ExportCopy>(config_.exportDir + "/" + operatorId + "-" + std::to_string(stamp) + ".csv");
    if (!copy->ok()) {
      diag_.warn("export copy for %s not written", operatorId.c_str());
      copy.reset();
    }
  }
  for (const SettlementLine &line : ledger_.settlementLines(operatorId)) {
    const std::string row = formatSettlementRow(line);
    csv << row;
    if (copy)
      copy->add(row);
  }

  Report report;
  report.contentType = "text/csv";
  report.body = csv.str();
  Status st = writeHeader(client, report);
  if (st.failed()) {
    diag_.warn("export for %s not sent: %s", operatorId.c_str(), st.describe().c_str());
    return;
  }
  client.sendAll(report.body.data(), report.body.size()); // OK
}

Report ReportServer::buildReport(const ReportRequest &request) {
  Report report;
  const std::string staff = request.staffId.empty() ? "anonymous" : request.staffId;
  if (request.method == "GET" && request.path == "/balance") {
    const std::string card = queryValue(request, "card");
    report.body = card + " " + std::to_string(ledger_.balance(card)) + "\n";
  } else if (request.method == "GET" && request.path == "/devices") {
    for (const DeviceStatus &d : registry_.snapshot(std::chrono::steady_clock::now()))
      report.body += d.deviceId + " " + d.operatorId + " " + deviceKindName(d.kind) + " " +
                     (d.online ? "online" : "offline") + " idle=" + std::to_string(d.idleSeconds) + "\n";
  } else if (request.method == "POST" && request.path == "/deny") {
    const std::string card = queryValue(request, "card");
    const bool queued = !card.empty() && deny_.submit(DenyDelta{card, queryValue(request, "remove") != "1",
                                                                queryValue(request, "reason")});
    report.status = queued ? 202 : 400;
    report.body = queued ? "queued\n" : "rejected\n";
    audit_.flush();
  } else if (request.method == "POST" && (request.path == "/gate" || request.path == "/gate/retire" ||
                                          request.path == "/station/free-exit")) {
    GateCommandRequest cmd;
    cmd.requestedBy = staff;
    cmd.target = queryValue(request, request.path == "/station/free-exit" ? "station" : "id");
    if (request.path == "/gate/retire") {
      cmd.action = GateCommandRequest::Action::Retire;
    } else if (request.path == "/station/free-exit") {
      cmd.action = GateCommandRequest::Action::StationFreeExit;
    } else {
      std::optional<GateCommand> parsed = parseCommand(queryValue(request, "cmd"));
      if (!parsed) {
        report.status = 400;
        report.body = "unknown command\n";
        return report;
      }
      cmd.command = *parsed;
    }
    const bool queued = !cmd.target.empty() && commander_.enqueue(std::move(cmd));
    report.status = queued ? 202 : 503;
    report.body = queued ? "queued\n" : "not accepted\n";
    audit_.flush();
  } else {
    report.status = 404;
    report.body = "no such report\n";
  }
  return report;
}

std::string ReportServer::statusLine() const {
  return "farecol ok served=" + std::to_string(served_.load()) + " devices=" + std::to_string(registry_.size());
}

} // namespace farecol
