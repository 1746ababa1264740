// Gateway: builds the components, wires the telemetry handlers and alert
// listeners, and runs the event loop: poll() over the signal pipe, the
// vehicle listener and every live session, plus once-a-second housekeeping.
#include "gateway.h"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <system_error>

#include "diagnostics.h"
#include "kafka_glue.h"
#include "signal_pipe.h"

namespace fleetd {

namespace {

constexpr std::size_t kIngestCapacity = 65536;
constexpr std::int64_t kSweepEveryMs = 10000;
constexpr std::int64_t kCompactEveryMs = 3600 * 1000;
constexpr std::int64_t kMetricsEveryMs = 60000;

std::string formatLive(const PositionReport &r) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s %.6f %.6f %.0f %.0f", r.vin.c_str(), r.where.lat,
                r.where.lon, r.speedKph, r.headingDeg);
  return buf;
}

std::string formatConsoleLine(const Alert &a) {
  return formatTimestamp(a.timestampMs) + " [" + a.kind + "] " + a.vin + " " + a.detail;
}

} // namespace

Gateway::Gateway(const Config &cfg, std::string configPath, Diagnostics &diag)
    : cfg_(cfg), configPath_(std::move(configPath)), diag_(diag),
      producer_(kafka::createProducer(cfg.brokers)),
      alerts_(std::make_shared<AlertPublisher>(producer_, cfg.alertTopic, diag)),
      overlay_(std::make_unique<EventChannel>()),
      liveFeed_(cfg.liveFeedEndpoint.empty() ? nullptr
                                             : std::make_unique<LiveFeed>(cfg.liveFeedEndpoint)),
      consoles_(diag), registry_(diag), archiver_(cfg.archiveDir, diag),
      trips_(std::in_place, cfg, diag, archiver_),
      ingest_(std::make_unique<IngestPipeline>(*trips_, diag, kIngestCapacity)),
      faults_(router_, producer_, cfg.rawFaultTopic,
              [this](const Alert &alert) { alerts_->publish(alert); }),
      listener_(cfg_, registry_, diag), handler_(cfg_, registry_, router_, diag),
      watchdog_(registry_, liveFeed_.get(), cfg.staleAfterMs, diag),
      pool_(cfg.workers, "workers", diag),
      exports_(cfg.dataDir, cfg.exportDir, cfg.csvRowsPerPart, cfg.csvMaxParts, pool_, diag),
      commands_(kafkaglue::createConsumer(cfg.brokers, "fleetd-gateway"), registry_, pool_,
                exports_, diag) {
  if (!cfg_.mapOverlay)
    overlay_->close();
  geofence_.load(cfg_.geofenceFile);

  router_.onPosition([this](const PositionReport &r) {
    if (!ingest_->submit(r))
      metrics_.inc("ingest_dropped_total");
    geofence_.evaluate(r);
    if (liveFeed_)
      liveFeed_->send(formatLive(r));
  });
  geofence_.onEvent([this](const GeofenceEvent &ev) {
    Alert alert;
    alert.kind = "geofence";
    alert.vin = ev.vin;
    alert.timestampMs = ev.timestampMs;
    alert.detail = (ev.entered ? "entered " : "left ") + ev.zoneName;
    alert.severity = 1;
    alerts_->publish(alert); // OK
    if (overlay_->isOpen())
      overlay_->send(ev.vin + (ev.entered ? " in " : " out ") + ev.zoneId); // OK
  });
  consoles_.connect(cfg_.consoleEndpoints);
  wireAlerts();
  watchdog_.watch(alerts_);
}

Gateway::~Gateway() {
  commands_.stop();
  pool_.stop();
  registry_.closeAll("gateway shutting down"); // OK
  listener_.close(); // OK
  consoles_.closeAll(); // OK
  alerts_->close(); // OK
  if (overlay_->isOpen())
    overlay_->close(); // OK
}

void Gateway::wireAlerts() {
  alerts_->onPublished([this](const Alert &a) { consoles_.broadcast(formatConsoleLine(a)); });
}

std::vector<ShutdownStep> Gateway::shutdownPlan() {
  return buildShutdownPlan(ShutdownTargets{listener_, watchdog_, commands_, registry_, *ingest_,
                                           *trips_, pool_, archiver_, consoles_, *alerts_});
}

int Gateway::run(SignalPipe &signals) {
  ingest_->start();
  archiver_.start();
  watchdog_.start();
  commands_.start(cfg_.commandTopic);

  bool stopping = false;
  while (!stopping) {
    std::vector<std::pair<int, std::string>> targets = registry_.pollTargets();
    std::vector<pollfd> fds;
    fds.reserve(targets.size() + 2);
    fds.push_back(pollfd{signals.readFd(), POLLIN, 0});
    fds.push_back(pollfd{listener_.fd(), POLLIN, 0});
    for (const auto &target : targets) {
      std::shared_ptr<VehicleSession> s = registry_.find(target.second);
      short events = POLLIN;
      if (s && s->hasOutput())
        events |= POLLOUT;
      fds.push_back(pollfd{target.first, events, 0});
    }

    int ready = ::poll(fds.data(), fds.size(), 1000);
    if (ready < 0 && errno != EINTR)
      throw std::system_error(errno, std::generic_category(), "poll");

    if (ready > 0 && (fds[0].revents & POLLIN)) {
      for (int sig : signals.drain()) {
        if (sig == SIGHUP)
          reloadFromDisk();
        else
          stopping = true;
      }
    }
    if (ready > 0 && (fds[1].revents & POLLIN)) {
      try {
        listener_.onAccept();
      } catch (const std::exception &e) {
        diag_.printf("accept: %s", e.what());
      }
    }
    for (std::size_t i = 2; ready > 0 && i < fds.size(); ++i) {
      if (fds[i].revents == 0)
        continue;
      const std::string &vin = targets[i - 2].second;
      try {
        onSessionEvents(fds[i], vin);
      } catch (const std::exception &e) {
        diag_.printf("session %s: %s", vin.c_str(), e.what());
        registry_.evict(vin, e.what());
      }
    }
    onTimer(nowMs());
  }
  diag_.printf("stop requested, %zu sessions connected", registry_.live().size());
  return 0;
}

void Gateway::onSessionEvents(const pollfd &p, const std::string &vin) {
  if (p.revents & (POLLHUP | POLLERR))
    registry_.evict(vin, "connection lost");
  if (p.revents & POLLIN)
    handler_.onReadable(vin); // BUG: use-after-close #hup-read
  if (p.revents & POLLOUT) {
    std::shared_ptr<VehicleSession> s = registry_.find(vin);
    if (s && !s->isClosed() && !s->pump()) // OK
      registry_.evict(vin, "write failed");
  }
}

void Gateway::onTimer(std::int64_t now) {
  for (const std::string &vin : watchdog_.takeStale())
    registry_.evict(vin, "no data received");
  if (now - lastSweepMs_ >= kSweepEveryMs) {
    lastSweepMs_ = now;
    std::size_t idle = registry_.closeIdle(now, cfg_.idleTimeoutMs);
    std::size_t reaped = registry_.reap(now, cfg_.lingerMs);
    if (idle + reaped > 0)
      diag_.printf("sweep: %zu idle sessions closed, %zu entries reaped", idle, reaped);
    ingest_->tick();
    trips_->checkpoint();
  }
  if (now - lastCompactMs_ >= kCompactEveryMs) {
    lastCompactMs_ = now;
    try {
      trips_->compactIndex(now - cfg_.indexRetentionMs);
    } catch (const std::exception &e) {
      diag_.printf("index compaction failed: %s", e.what());
    }
  }
  if (now - lastMetricsMs_ >= kMetricsEveryMs) {
    lastMetricsMs_ = now;
    metrics_.set("sessions", static_cast<std::int64_t>(registry_.live().size()));
    metrics_.set("open_trips", static_cast<std::int64_t>(trips_->openTrips()));
    metrics_.set("archived_total", static_cast<std::int64_t>(archiver_.archived()));
    metrics_.set("ingest_dropped_total", static_cast<std::int64_t>(ingest_->dropped()));
    metrics_.set("worker_failures_total", static_cast<std::int64_t>(pool_.failures()));
    if (!metrics_.writeSnapshot(cfg_.metricsFile))
      diag_.printf("cannot write metrics to %s", cfg_.metricsFile.c_str());
  }
}

void Gateway::reloadFromDisk() {
  if (!diag_.reopen())
    diag_.printf("diagnostics now go to stderr");
  try {
    reload(loadConfig(configPath_));
    diag_.printf("configuration reloaded from %s", configPath_.c_str());
  } catch (const std::exception &e) {
    diag_.printf("reload failed, keeping the running configuration: %s", e.what());
  }
}

} // namespace fleetd
