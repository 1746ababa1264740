// main.cpp: telemetry-ingest's entry point. Wires the components together:
// one primary upstream client shared by the forwarder, the self-metrics
// batcher and the failover manager; an audit client that main owns and the
// admin server and status reporter only hold weak references to; an event
// channel shared by the heartbeat and the status callback. Then replays old
// spool segments, runs the main loop and shuts the service down.
#include "telemetry/admin_server.h"
#include "telemetry/admin_session.h"
#include "telemetry/agent_registry.h"
#include "telemetry/batcher.h"
#include "telemetry/bounded_queue.h"
#include "telemetry/config.h"
#include "telemetry/failover.h"
#include "telemetry/forwarder.h"
#include "telemetry/heartbeat.h"
#include "telemetry/ingest_server.h"
#include "telemetry/log_rotator.h"
#include "telemetry/metric.h"
#include "telemetry/segment_archiver.h"
#include "telemetry/spool_file.h"
#include "telemetry/spool_replayer.h"
#include "telemetry/spool_router.h"
#include "telemetry/spooler.h"
#include "telemetry/statsd_exporter.h"
#include "telemetry/status_reporter.h"
#include "telemetry/upstream_client.h"
#include "telemetry/util.h"
#include "telemetry/worker_pool.h"

#include "messaging.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace telemetry {
namespace {

volatile std::sig_atomic_t gStopRequested = 0;

void onSignal(int) { gStopRequested = 1; }

constexpr const char *kStatusTopic = "telemetry.status";
constexpr const char *kAuditTopic = "telemetry.audit";

struct Service {
  Service(const Config &config, std::shared_ptr<UpstreamClient> primary)
      : cfg(config),
        audit(std::make_shared<UpstreamClient>(
            config.auditBrokers.empty() ? config.brokers : config.auditBrokers)),
        events(std::make_shared<EventChannel>()),
        inbox(config.inboxCapacity), adminQueue(256),
        registry(config.controllerAgent), router(config.spoolDir),
        spooler(config.spoolDir, config.spoolSegmentBytes),
        archiver(config.archiveDir),
        accessLog(config.accessLogPath, config.logMaxBytes, config.logKeep),
        statsd(config.statsdHost, config.statsdPort),
        selfMetrics(primary, "telemetry.self", 64),
        forwarder(inbox, primary, router, config.metricsTopic,
                  config.batchSize, config.tenantQuotaBytes),
        failover(primary, config.backupBrokers, forwarder, selfMetrics,
                 config.announceFailoverOnOldCluster),
        heartbeat(events, std::chrono::seconds(10), config.instance),
        reporter(audit, config.instance), admin(audit, accessLog, adminQueue),
        ingest(registry, inbox, spooler, config.maxAgents,
               config.controllerAgent),
        replayPool(config.replayThreads),
        replayer(config.spoolDir, config.brokers, config.metricsTopic,
                 replayPool, config.replayThreads) {}

  Config cfg;
  std::shared_ptr<UpstreamClient> audit;
  std::shared_ptr<EventChannel> events;
  BoundedQueue<Metric> inbox;
  BoundedQueue<AdminCommand> adminQueue;
  AgentRegistry registry;
  SpoolRouter router;
  Spooler spooler;
  SegmentArchiver archiver;
  LogRotator accessLog;
  StatsdExporter statsd;
  Batcher selfMetrics;
  Forwarder forwarder;
  FailoverManager failover;
  Heartbeat heartbeat;
  StatusReporter reporter;
  AdminServer admin;
  IngestServer ingest;
  WorkerPool replayPool;
  SpoolReplayer replayer;
  std::function<void(const std::string &)> onStatus;
  std::function<void(const std::string &)> onAudit;
  int adminListenFd = -1;
};

std::vector<std::string> listSegments(const std::string &dir) {
  std::vector<std::string> segments;
  std::error_code ec;
  for (const auto &entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto &path = entry.path();
    if (path.extension() == ".spool" &&
        path.filename().string().rfind("segment-", 0) == 0)
      segments.push_back(path.string());
  }
  if (ec)
    logWarn("cannot list " + dir + ": " + ec.message());
  std::sort(segments.begin(), segments.end());
  return segments;
}

int openAdminSocket(const std::string &path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "admin socket");
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  ::unlink(path.c_str());
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 4) != 0) {
    const int err = errno;
    closeQuietly(fd);
    throw std::system_error(err, std::generic_category(), "admin socket " + path);
  }
  return fd;
}

// Admin sessions are short (a command or two from the operator's tool) and
// are served one at a time, on the main loop's thread.
void serveAdminConnections(Service &svc) {
  for (;;) {
    const int fd = ::accept4(svc.adminListenFd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0)
      return;
    timeval idle{30, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &idle, sizeof idle);
    AdminSession session(fd, "unix:" + svc.cfg.adminSocket);
    try {
      svc.admin.serve(session);
    } catch (const std::exception &e) {
      logWarn(std::string("admin: session failed: ") + e.what());
    }
  }
}

void exportCounters(StatsdExporter &statsd, const IngestCounters &c) {
  if (statsd.IsClosed())
    return;
  statsd.Emit("telemetry.ingest.accepted", static_cast<double>(c.accepted), "c"); // OK: IsClosed() checked above
  statsd.Emit("telemetry.ingest.spooled", static_cast<double>(c.spooled), "c");
}

Totals collectTotals(Service &svc) {
  Totals t;
  t.accepted = svc.ingest.counters().accepted;
  t.spooled = svc.ingest.counters().spooled;
  t.spilled = svc.forwarder.spilled();
  t.dropped = svc.ingest.counters().dropped + svc.forwarder.dropped();
  t.agents = svc.registry.size();
  return t;
}

std::string diagnostics(Service &svc, const std::string &why) {
  std::ostringstream out;
  const IngestCounters &c = svc.ingest.counters();
  out << "reason: " << why << "\n"
      << "accepted: " << c.accepted << "\nmalformed: " << c.malformed
      << "\nspooled: " << c.spooled << "\nrefused: " << c.refused
      << "\nprotocol errors: " << c.protocolErrors
      << "\ninbox depth: " << svc.inbox.size()
      << "\nspilled: " << svc.forwarder.spilled()
      << "\nheartbeats: " << svc.heartbeat.beats() << "\n";
  return out.str();
}

void handleUpstreamFailure(Service &svc, int failedProbes) {
  if (svc.cfg.backupBrokers.empty()) {
    logError("upstream: " + std::to_string(failedProbes) +
             " probes failed and no backup cluster is configured");
    return;
  }
  svc.failover.promoteBackup(std::to_string(failedProbes) + " failed probes");
  svc.failover.primary().publish(kStatusTopic, svc.cfg.instance + " resumed on the backup cluster"); // OK: primary() returns the client promoteBackup() just created
}

void runLoop(Service &svc) {
  int failedProbes = 0;
  auto lastTick = std::chrono::steady_clock::now();
  while (!gStopRequested && !svc.admin.stopRequested()) {
    svc.ingest.pollOnce(std::chrono::milliseconds(200));
    serveAdminConnections(svc);
    svc.admin.processPending();

    const auto now = std::chrono::steady_clock::now();
    if (now - lastTick < std::chrono::seconds(10))
      continue;
    lastTick = now;
    exportCounters(svc.statsd, svc.ingest.counters());
    svc.selfMetrics.add(Metric{"telemetry.self.agents", static_cast<double>(svc.registry.size()), nowMs(), "", svc.cfg.instance});
    svc.selfMetrics.add(Metric{"telemetry.self.inbox_depth", static_cast<double>(svc.inbox.size()), nowMs(), "", svc.cfg.instance});
    svc.spooler.checkpoint();
    failedProbes = svc.failover.probe() ? 0 : failedProbes + 1;
    if (failedProbes >= 3) {
      handleUpstreamFailure(svc, failedProbes);
      failedProbes = 0;
    }
  }
}

// A fatal error in the main loop: stop taking data, keep what we hold on
// local disk.
void abortService(Service &svc, const std::string &why) {
  logError("fatal: " + why + ", stopping without draining");
  svc.admin.stop();
  svc.ingest.stop();
  svc.forwarder.stop(); // shuts the primary client down
  const std::vector<Metric> queued =
      svc.inbox.popBatch(svc.cfg.inboxCapacity, std::chrono::milliseconds(0));
  if (!queued.empty())
    svc.spooler.spillUrgent(queued);
  svc.spooler.spillDiagnostics(diagnostics(svc, why));
  svc.selfMetrics.flushPending(); // BUG: use-after-close #self-metrics-after-stop
}

void publishFinalReport(Service &svc, const Totals &totals) {
  svc.audit->flush();
  svc.audit->shutdown(); // nothing is audited after the final report
  svc.reporter.reportDropped(totals.dropped); // OK: reportDropped() skips a closed client
  svc.reporter.reportTotals(totals); // BUG: use-after-close #final-totals
}

void shutdownService(Service &svc) {
  logInfo("shutdown: draining");
  svc.onStatus("draining");
  svc.admin.stop();
  svc.ingest.stop(); // closes the inbox and every agent connection
  svc.selfMetrics.flushPending(); // while the shared primary client is still up
  svc.forwarder.stop(); // shuts the primary client down

  const std::vector<Metric> rest =
      svc.inbox.popBatch(svc.cfg.inboxCapacity, std::chrono::milliseconds(0));
  if (!rest.empty())
    svc.spooler.spillBatch(rest, svc.cfg.maxSpillLines);
  svc.spooler.finishSegment();
  SpoolFile manifest(svc.cfg.archiveDir + "/adopted.manifest");
  svc.archiver.sealAll(svc.spooler.adopted(), manifest);
  svc.replayPool.stop();

  svc.heartbeat.announce("stopping");
  svc.heartbeat.stop(); // closes the event channel
  svc.statsd.Close();
  exportCounters(svc.statsd, svc.ingest.counters()); // OK: exportCounters() returns early once the exporter is closed
  svc.audit->shutdown(); // OK: idempotent; publishFinalReport() has normally shut it down already
  svc.onAudit("ingest stopped"); // OK: the audit callback holds a weak_ptr and skips a closed client
  svc.reporter.reportDropped(svc.forwarder.dropped());
  svc.accessLog.append(nowIso8601() + " shutdown complete\n");
  svc.accessLog.close();
  closeQuietly(svc.adminListenFd);
  svc.adminListenFd = -1;
  svc.onStatus("stopped"); // BUG: use-after-close #status-after-stop
}

int run(int argc, char **argv) {
  const Config cfg =
      loadConfig(argc > 1 ? argv[1] : "/etc/telemetry/ingest.conf");
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  std::signal(SIGPIPE, SIG_IGN);

  Service svc(cfg, std::make_shared<UpstreamClient>(cfg.brokers));
  svc.onStatus = [events = svc.events](const std::string &what) {
    events->send("status " + what); // SAME: status-after-stop
  };
  svc.onAudit = [weak = std::weak_ptr<UpstreamClient>(svc.audit)](const std::string &line) {
    auto up = weak.lock();
    if (!up || up->isClosed())
      return;
    up->publish(kAuditTopic, line); // OK: isClosed() checked after lock()
  };
  svc.ingest.setAdminHandler([&svc](const std::string &agentId, const std::string &line) {
    if (!svc.admin.post(parseAdminCommand(line, agentId)))
      logWarn("admin: command from " + agentId + " dropped: " + line);
  });
  svc.failover.onPromoted([&svc](const std::string &brokers) {
    svc.heartbeat.announce("failover to " + brokers);
  });

  // Segments left by an earlier run: the priority one first, then the rest.
  if (!cfg.prioritySegment.empty())
    svc.replayer.replayUrgent(cfg.prioritySegment);
  const std::vector<std::string> leftovers = listSegments(cfg.spoolDir);
  svc.replayer.replayAll(leftovers);
  svc.archiver.writeManifest(leftovers);
  svc.archiver.writeIndex(leftovers);
  // Keep the old segments open for notes until they are sealed at shutdown.
  for (const auto &segment : leftovers) {
    try {
      svc.spooler.adoptSegment(segment);
    } catch (const std::exception &e) {
      logWarn("spool: cannot adopt " + segment + ": " + e.what());
    }
  }

  svc.ingest.listen(cfg.port);
  svc.adminListenFd = openAdminSocket(cfg.adminSocket);
  svc.forwarder.start();
  svc.heartbeat.start();
  svc.onStatus("running");

  try {
    runLoop(svc);
  } catch (const std::exception &e) {
    abortService(svc, e.what());
  }
  try {
    publishFinalReport(svc, collectTotals(svc));
  } catch (const std::exception &e) {
    logWarn(std::string("final report failed: ") + e.what());
  }
  shutdownService(svc);
  return 0;
}

} // namespace
} // namespace telemetry

int main(int argc, char **argv) {
  try {
    return telemetry::run(argc, argv);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "telemetry-ingest: %s\n", e.what());
    return 1;
  }
}
