// The agent wires the components together:
//
//   Watcher thread --onFileEvent--> FileTailer --lines--> Batcher thread
//   Batcher --onBatch--> ThreadPool task --shipBatch--> primary upstream
//                                                   \--> Spool / dead letter
//   Scheduler: flush tick, heartbeat, metrics, checkpoint
#include "logship/agent.h"
#include "logship/log.h"
#include "logship/util.h"

#include <algorithm>
#include <sstream>

namespace logship {

namespace {
const char kHeartbeat[] = "PING";

std::string encodeBatch(const std::vector<std::string> &lines) {
  std::ostringstream os;
  os << "BATCH " << lines.size() << '\n';
  for (const auto &l : lines)
    os << l << '\n';
  return os.str();
}
} // namespace

Agent::Agent(Config cfg, std::string configPath)
    : cfg_(std::move(cfg)), pool_(cfg_.workers, "ship"),
      spool_(cfg_.spoolDir, cfg_.spoolMaxBytes), checkpoint_(cfg_.checkpointPath),
      producer_(kafka::createProducer(cfg_.metricsBrokers)),
      metrics_(std::make_unique<MetricsExporter>(producer_, cfg_.metricsTopic, util::hostName())),
      reloader_(std::move(configPath)) {}

Agent::~Agent() {
  stop();
  // The standby lives in the reloader, outside upstreams_: close it here.
  std::optional<UpstreamConnection> &sb = reloader_.standby();
  if (sb)
    sb->close(); // BUG: double-close
}

bool Agent::start() {
  if (running_.load())
    return true;
  if (!spool_.open()) {
    log_error("agent: spool unavailable");
    return false;
  }
  auto undoSpool = util::makeScopeGuard([this] { spool_.close(); });
  checkpoint_.open();

  for (const auto &spec : cfg_.upstreams) {
    auto conn = std::make_unique<UpstreamConnection>(spec.name, spec.endpoint);
    if (!conn->connect())
      log_warn("agent: upstream %s unreachable, will retry", spec.name.c_str());
    upstreams_.add(std::move(conn));
  }
  if (upstreams_.empty()) {
    log_error("agent: no upstream configured");
    return false;
  }
  reloader_.prepareStandby(cfg_.standby);

  const std::map<std::string, long> offsets = checkpoint_.load();
  {
    std::lock_guard<std::mutex> lk(tailersMu_);
    for (const auto &path : cfg_.files) {
      auto tailer = std::make_unique<FileTailer>(path);
      const auto it = offsets.find(path);
      if (!tailer->open(it == offsets.end() ? 0 : it->second))
        log_warn("agent: %s not readable yet", path.c_str());
      tailers_[path] = std::move(tailer);
    }
  }

  batcher_ = std::make_unique<Batcher>(cfg_.batchLines, cfg_.batchDelay,
                                       [this](std::vector<std::string> lines) {
                                         onBatch(std::move(lines));
                                       });
  watcher_ = std::make_unique<Watcher>([this](const std::string &path) { onFileEvent(path); });
  for (const auto &path : cfg_.files)
    watcher_->add(path);

  running_ = true;
  batcher_->start();
  watcher_->start();
  scheduler_.start();
  scheduler_.every(cfg_.batchDelay, [this] {
    batcher_->flushNow(); // OK: flushNow() does nothing once the batcher is stopped
  });
  scheduler_.every(cfg_.heartbeat, [this] {
    std::lock_guard<std::mutex> lk(shipMu_);
    upstreams_.primary().send(kHeartbeat); // BUG: use-after-close #heartbeat
  });
  scheduler_.every(cfg_.metricsInterval, [this] { metrics_->publish(); });
  scheduler_.every(cfg_.checkpointInterval, [this] { saveCheckpoint(); });

  undoSpool.dismiss();
  log_info("agent: started, %zu files, %zu upstreams", cfg_.files.size(), upstreams_.size());
  return true;
}

void Agent::stop() {
  if (!running_.exchange(false))
    return;
  log_info("agent: stopping");
  // Stop batching first so the last partial batch still goes out while the
  // upstreams are open.
  batcher_->stop(); // SAME: late-line
  watcher_->stop();
  {
    std::lock_guard<std::mutex> lk(shipMu_);
    upstreams_.closeAll(cfg_.farewell); // SAME: heartbeat
    std::optional<UpstreamConnection> &sb = reloader_.standby();
    if (sb && !sb->closed())
      sb->close();
  }
  scheduler_.stop();
  pool_.shutdown(); // queued ship tasks see running_ == false and spool their batch
  saveCheckpoint();
  checkpoint_.close();
  if (!producer_->isClosed()) // the exporter may have retired it on a reload
    producer_->close();
  metrics_->stop(); // BUG: use-after-close #final-metrics
  spool_.close(); // OK: pool workers and scheduler thread are joined, nothing appends any more
  log_info("agent: stopped");
}

void Agent::flush() {
  batcher_->flushNow(); // OK: returns false, doing nothing, once the batcher is stopped
  pool_.post([this] { drainSpool(); }); // BUG: use-after-close
}

bool Agent::reload() {
  std::string err;
  std::optional<Config> next = reloader_.poll(&err);
  if (!next) {
    if (!err.empty())
      log_warn("agent: reload: %s", err.c_str());
    return false;
  }
  if (next->files != cfg_.files)
    log_warn("agent: reload: changes to the file list need a restart");
  if (next->metricsBrokers != cfg_.metricsBrokers) {
    metrics_->setBrokers(next->metricsBrokers);
    cfg_.metricsBrokers = next->metricsBrokers;
  }
  {
    std::lock_guard<std::mutex> lk(shipMu_);
    for (const auto &spec : next->upstreams) {
      UpstreamConnection *cur = upstreams_.find(spec.name);
      if (!cur || cur->endpoint() != spec.endpoint)
        reloader_.replaceUpstream(upstreams_, spec.name, spec.endpoint);
    }
    for (const auto &spec : cfg_.upstreams) {
      const bool kept = std::any_of(next->upstreams.begin(), next->upstreams.end(),
                                    [&](const UpstreamSpec &s) { return s.name == spec.name; });
      if (!kept)
        upstreams_.remove(spec.name);
    }
    if (next->standby != cfg_.standby)
      reloader_.prepareStandby(next->standby);
    upstreams_.broadcast("CONFIG " + std::to_string(reloader_.generation()));
  }
  cfg_.upstreams = next->upstreams;
  cfg_.standby = next->standby;
  // Give the new connections a moment, then retry what piled up.
  scheduler_.after(std::chrono::seconds(1), [this] { drainSpool(); }); // OK: after() is a no-op once the scheduler is stopped
  return true;
}

AgentStatus Agent::status() const {
  AgentStatus s;
  s.running = running_.load();
  {
    std::lock_guard<std::mutex> lk(shipMu_);
    s.upstreams = upstreams_.size();
    s.upstreamOpen = !upstreams_.empty() && !upstreams_.primary().closed(); // OK: closed() only reads the state
  }
  s.spooled = spool_.pending();
  s.queuedTasks = pool_.queued(); // OK: queued() only reads the queue size, valid after shutdown()
  {
    std::lock_guard<std::mutex> lk(tailersMu_);
    s.files = tailers_.size();
  }
  s.configGeneration = reloader_.generation();
  return s;
}

void Agent::onFileEvent(const std::string &path) {
  std::vector<std::string> lines;
  {
    std::lock_guard<std::mutex> lk(tailersMu_);
    const auto it = tailers_.find(path);
    if (it == tailers_.end())
      return;
    FileTailer &t = *it->second;
    if (t.reopenIfRotated())
      metrics_->count("rotations");
    if (t.readLines(lines, cfg_.maxLinesPerRead) == 0)
      return;
  }
  metrics_->count("lines_read", static_cast<long>(lines.size()));
  for (auto &line : lines)
    batcher_->add(std::move(line)); // BUG: use-after-close #late-line
}

void Agent::onBatch(std::vector<std::string> lines) {
  std::string payload = encodeBatch(lines);
  metrics_->count("batches");
  // The batcher is stopped (its worker joined) before pool_.shutdown().
  pool_.post([this, payload = std::move(payload)] { shipBatch(payload); }); // OK
}

bool Agent::reconnectLocked(UpstreamConnection &up) {
  if (!running_.load())
    return false; // stopping: leave it closed, the batch goes to the spool
  return up.connect();
}

bool Agent::tryStandbyLocked(const std::string &payload) {
  std::optional<UpstreamConnection> &sb = reloader_.standby();
  if (!sb || sb->closed())
    return false;
  return sb->send(payload) == ErrorCode::Ok; // OK: checked open just above, under shipMu_
}

void Agent::shipBatch(const std::string &payload) {
  std::lock_guard<std::mutex> lk(shipMu_);
  UpstreamConnection &up = upstreams_.primary();
  if (up.closed() && !reconnectLocked(up)) {
    if (!tryStandbyLocked(payload))
      spoolOrDrop(payload);
    return;
  }
  // stop() closes the upstreams under shipMu_ and clears running_ first, so
  // the connection cannot be closed between the check above and this send.
  const ErrorCode ec = up.send(payload); // OK: open or reopened, under shipMu_
  if (ec == ErrorCode::Ok) {
    metrics_->count("batches_shipped");
    return;
  }
  metrics_->count("ship_failures");
  if (!tryStandbyLocked(payload))
    spoolOrDrop(payload);
}

void Agent::spoolOrDrop(const std::string &payload) {
  if (spool_.append(payload))
    return;
  log_warn("agent: spool full or failing, sending %zu bytes to the dead-letter topic",
           payload.size());
  deadLetter(payload);
}

void Agent::deadLetter(const std::string &payload) {
  producer_->send(kafka::ProducerRecord{cfg_.deadLetterTopic, payload}); // BUG: use-after-close
}

void Agent::drainSpool() {
  std::lock_guard<std::mutex> lk(shipMu_);
  UpstreamConnection &up = upstreams_.primary();
  if (up.closed() && !reconnectLocked(up))
    return;
  const std::size_t n = spool_.replay([&up](const std::string &rec) {
    return up.send(rec) == ErrorCode::Ok; // OK: replay() stops calling the sink after its first failure
  });
  if (n > 0)
    log_info("agent: replayed %zu spooled batches", n);
}

void Agent::saveCheckpoint() {
  std::map<std::string, long> offsets;
  {
    std::lock_guard<std::mutex> lk(tailersMu_);
    for (const auto &[path, t] : tailers_)
      offsets[path] = t->offset();
  }
  if (!checkpoint_.save(offsets))
    log_warn("agent: checkpoint not saved");
}

} // namespace logship
