// Historian: wires the components together and runs the main loop. Poll
// cycles, watchdog ticks, upstream forwarding and spool commands all run
// on the main thread; disk writes, compaction and exports have their own.
#include "historian.h"

#include "backfill.h"
#include "log.h"
#include "retention.h"
#include "rollup_export.h"
#include "spool.h"

#include <algorithm>
#include <csignal>
#include <filesystem>

namespace histd {

namespace {
constexpr int64_t kSecond = 1000000;
constexpr std::size_t kCoalesceSamples = 2048;

int64_t parseTime(const std::string &text) {
  // Seconds since the epoch, optionally with a fraction.
  return static_cast<int64_t>(std::stod(text) * kSecond);
}
} // namespace

Historian::Historian(std::string configPath, Config config)
    : configPath_(std::move(configPath)), cfg_(std::move(config)),
      alarms_(kafka::createProducer(cfg_.kafkaBrokers)),
      table_(
          [this](const std::string &id) -> std::unique_ptr<PlcLink> {
            const ControllerConfig *c = cfg_.controller(id);
            if (!c)
              throw std::out_of_range("controller " + id + " is not configured");
            return std::make_unique<PlcLink>(id, c->endpoint, cfg_.linkTimeoutMs);
          },
          cfg_.reconnectBackoffMs),
      maintenance_(table_), watchdog_(cfg_.staleAfterMs),
      evaluator_(alarms_, cfg_.alarmTopic) {
  store_ = std::make_unique<SegmentStore>(cfg_.dataDir, cfg_.maxSegmentBytes);
  compactor_ = std::make_unique<Compactor>(store_->index());
  store_->onSealed([c = compactor_.get()](const SealedSegment &s) { c->enqueue(s); });
  for (uint32_t n : store_->sealedNumbers())
    compactor_->enqueue({n, SegmentStore::segmentPath(cfg_.dataDir, n)});
  compactor_->start();

  ingest_ = std::make_unique<IngestPipeline>(*store_, kCoalesceSamples);
  ingest_->start();

  evaluator_.setRules(cfg_.alarms);
  evaluator_.attach(watchdog_);
  for (const ControllerConfig &c : cfg_.controllers) {
    watchdog_.watch(c.id, nowMicros());
    try {
      table_.connect(c.id);
    } catch (const LinkError &e) {
      log::warn("%s; the poller will keep trying", e.what());
    }
  }

  poll_ = std::make_unique<PollCycle>(table_, cfg_.pollThreads, cfg_.maxFaults);
  poll_->setGroups(cfg_.groups);
  poll_->onBatch([this](const TagGroup &group, SampleBatch &&batch) {
    int64_t newest = 0;
    for (const Sample &s : batch.samples)
      newest = std::max(newest, s.tsMicros);
    watchdog_.notePoll(group.controller, newest);
    evaluator_.evaluate(batch);
    ingest_->submit(std::move(batch));
  });

  queries_ = std::make_unique<QueryService>(*store_, cfg_.exportDir, alarms_, cfg_.exportTopic,
                                            cfg_.exportWorkers);
  spill_ = std::make_unique<SpillJournal>(cfg_.spillDir);
  upstream_ = std::make_unique<UpstreamForwarder>(cfg_.upstream, cfg_.site);
  events_.emplace(cfg_.eventLog, std::ios::app);
  if (!cfg_.statusPath.empty())
    status_.emplace(cfg_.statusPath);
  if (!cfg_.metricsTarget.empty())
    metricsReporter_.emplace(cfg_.metricsTarget);
}

Historian::~Historian() {
  if (compactor_) {
    compactor_->requestStop();
    compactor_->join();
  }
  if (store_)
    store_->close(); // OK
}

void Historian::recordEvent(const std::string &what) {
  *events_ << isoTime(nowMicros()) << ' ' << what << std::endl; // SAME: event-log-closed
  if (status_)
    status_->appendEvent(what);
}

StatusSnapshot Historian::snapshot() const {
  StatusSnapshot s;
  s.tsMicros = nowMicros();
  const_cast<LinkTable &>(table_).forEach([&s](PlcLink &link) {
    s.links.push_back({link.id(), link.isOpen(), link.requests(), link.lastPollMicros()});
  });
  s.samplesWritten = store_->samplesWritten();
  s.samplesDropped = ingest_->dropped();
  s.pendingAlarms = evaluator_.pendingCount();
  s.exportJobs = queries_->activeJobs();
  s.upstreamUp = upstream_->isUp();
  s.staleControllers = watchdog_.staleControllers();
  return s;
}

MetricsSnapshot Historian::metrics() const {
  MetricsSnapshot m;
  m.counters.emplace_back("samples.written", store_->samplesWritten());
  m.counters.emplace_back("samples.dropped", ingest_->dropped());
  m.counters.emplace_back("segments.compacted", compactor_->compacted());
  m.counters.emplace_back("upstream.frames", upstream_->framesSent());
  m.gauges.emplace_back("alarms.pending", double(evaluator_.pendingCount()));
  m.gauges.emplace_back("exports.active", double(queries_->activeJobs()));
  m.gauges.emplace_back("controllers.stale", double(watchdog_.staleControllers().size()));
  return m;
}

void Historian::handleSpool() {
  for (const SpoolCommand &cmd : readSpool(cfg_.spoolDir)) {
    try {
      const std::vector<std::string> &a = cmd.args;
      if (cmd.verb == "export" && a.size() == 4) {
        ExportRequest req;
        req.tagId = static_cast<uint32_t>(std::stoul(a[0]));
        req.tagName = a[1];
        req.fromMicros = parseTime(a[2]);
        req.toMicros = parseTime(a[3]);
        const std::string id = queries_->submit(req);
        recordEvent("export " + id + " requested by " + cmd.file);
      } else if (cmd.verb == "cancel" && a.size() == 1) {
        if (!queries_->cancel(a[0]))
          log::warn("spool: no running export %s", a[0].c_str());
      } else if (cmd.verb == "rollup" && a.size() == 4) {
        RollupRequest req;
        req.tagId = static_cast<uint32_t>(std::stoul(a[0]));
        req.tagName = a[1];
        req.firstDay = std::stoll(a[2]);
        req.lastDay = std::stoll(a[3]);
        req.outDir = cfg_.exportDir;
        store_->flush();
        const std::size_t days = exportDailyRollups(store_->segmentPaths(), req);
        recordEvent("rollup of " + req.tagName + ": " + std::to_string(days) + " days");
      } else if (cmd.verb == "identify" && a.size() == 1) {
        const std::vector<uint16_t> ident = maintenance_.readIdentity(a[0]);
        log::info("%s: vendor %u model %u firmware %u.%u", a[0].c_str(), ident[0], ident[1],
                  ident[2], ident[3]);
      } else if (cmd.verb == "syncclock" && a.size() == 1) {
        maintenance_.syncClock(a[0]);
        recordEvent("clock of " + a[0] + " synchronised");
      } else if (cmd.verb == "commission" && (a.size() == 2 || a.size() == 3)) {
        ControllerConfig c;
        c.id = a[0];
        const auto colon = a[1].rfind(':');
        c.endpoint.host = a[1].substr(0, colon);
        if (colon != std::string::npos)
          c.endpoint.port = static_cast<uint16_t>(std::stoi(a[1].substr(colon + 1)));
        if (a.size() == 3)
          c.endpoint.unit = static_cast<uint8_t>(std::stoi(a[2]));
        if (maintenance_.commission(c, cfg_.linkTimeoutMs))
          recordEvent("controller " + c.id + " commissioned");
      } else {
        log::warn("spool: %s: cannot parse '%s'", cmd.file.c_str(), cmd.verb.c_str());
      }
    } catch (const std::exception &e) {
      log::warn("spool: %s: %s", cmd.file.c_str(), e.what());
    }
  }
}

void Historian::tick(int64_t now) {
  poll_->runDue(now);
  watchdog_.tick(now);
  evaluator_.flushPending(now);

  upstream_->pump(ingest_->takeWritten(), *spill_); // OK
  if (upstream_->isUp())
    replaySpill(*spill_, *upstream_, 2);
  if (now - lastSyncMicros_ >= 5 * kSecond) {
    spill_->sync(); // OK
    lastSyncMicros_ = now;
  }

  handleSpool();

  if (now - lastStatusMicros_ >= 10 * kSecond) {
    lastStatusMicros_ = now;
    if (status_) {
      housekeeping_.submit([report = *status_, snap = snapshot()]() mutable { report.write(snap); }); // OK
      housekeeping_.submit([report = *status_, alarms = evaluator_.activeAlarms()]() mutable { // OK
        report.dumpAlarms(alarms);
      });
    }
    if (metricsReporter_)
      housekeeping_.submit([reporter = *metricsReporter_, m = metrics()] { reporter.push(m); }); // OK
  }
  if (now - lastRetentionMicros_ >= 3600 * kSecond) {
    lastRetentionMicros_ = now;
    applyRetention(*store_, cfg_.retentionDays);
  }
}

void Historian::reloadFrom(const std::string &path) {
  Config next;
  try {
    next = loadConfig(path);
  } catch (const std::exception &e) {
    log::error("reload: %s; keeping the running configuration", e.what());
    return;
  }
  reload(next);
}

int Historian::run() {
  log::info("histd: %zu controllers, %zu groups, %zu alarm rules", cfg_.controllers.size(),
            cfg_.groups.size(), cfg_.alarms.size());
  recordEvent("started");
  int status = 0;
  for (;;) {
    int sig = 0;
    try {
      sig = signals_.wait(cfg_.tickMs);
    } catch (const std::exception &e) {
      log::error("main loop: %s", e.what());
      status = 1;
      break;
    }
    if (sig == SIGTERM || sig == SIGINT) {
      log::info("histd: signal %d, shutting down", sig);
      break;
    }
    try {
      if (sig == SIGHUP)
        reloadFrom(configPath_);
      tick(nowMicros());
    } catch (const std::exception &e) {
      log::error("main loop: %s", e.what());
    }
  }
  recordEvent("stopping");
  runShutdown(buildShutdownSteps(*this));

  if (status_) {
    housekeeping_.submit([report = *status_, snap = snapshot()]() mutable { // BUG: use-after-close
      report.write(snap);
    });
  }
  return status;
}

} // namespace histd
