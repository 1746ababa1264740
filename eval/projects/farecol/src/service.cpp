// The farecol daemon object: construction and wiring of the components, startup, the
// periodic work driven by the main loop, configuration reload, end of day, and the
// ordered list of shutdown steps that main() runs.
#include "service.h"
#include "diagnostics.h"
#include "segment_io.h"
#include "wire.h"

#include <algorithm>
#include <exception>
#include <poll.h>

namespace farecol {
namespace {

bool contains(const std::vector<std::string> &items, const std::string &item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

} // namespace

Service::Service(Config config, Diagnostics &diag)
    : config_(std::move(config)), diag_(diag), fares_(config_.fares), index_(diag_),
      journal_(config_.journalDir, index_, diag_), pool_("publish", config_.poolThreads, diag_),
      taps_(config_.tapQueueCapacity), audit_(config_.auditPath), commander_(registry_, diag_),
      monitor_(registry_, diag_),
      denyUpdater_(denyList_, registry_, pool_, publisher_, diag_, config_.denyStatePath()),
      health_(config_.topicPrefix, diag_), exporter_(config_.exportDir, ledger_, publisher_, diag_),
      ingest_(registry_, taps_, diag_),
      processor_(taps_, fares_, ledger_, journal_, publisher_, pool_, denyUpdater_, diag_),
      flusher_(journal_, index_, std::chrono::milliseconds(config_.flushPeriodMs), diag_), migrator_(registry_, diag_),
      acceptor_(registry_, migrator_, diag_, [this] { return denyList_.version(); }),
      reloader_(diag_, publisher_, monitor_, health_, denyUpdater_, exporter_, reports_,
                [this](const Config &c) { return makeReportServer(c); }) {
  registry_.setQuarantine([this](const std::string &id) { return config_.quarantinedDevices.count(id) != 0; });
  acceptor_.setSinks([this](const std::string &id, const std::string &bytes) { ingest_.onBytes(id, bytes); },
                     [this](const std::string &id) { ingest_.onLost(id); });
}

Service::~Service() {
  if (reports_)
    reports_->stop();
  acceptor_.stop();
  taps_.close(); // OK
  processor_.join();
  pool_.stop(); // OK
  flusher_.stop();
  try {
    std::shared_ptr<JourneyPublisher> publisher = publisher_.get();
    if (publisher && !publisher->isClosed())
      publisher->close(); // OK
  } catch (const std::exception &e) {
    diag_.error("closing the publisher: %s", e.what());
  }
}

Status Service::openJournal() {
  currentDay_ = ServiceDay::of(nowEpochSeconds(), config_.dayCutoverHour);
  Status st = index_.open(config_.indexPath());
  if (st.code() == StatusCode::Invalid) {
    diag_.warn("journal index unusable (%s), rebuilding it", st.message().c_str());
    const std::string segment = config_.journalDir + "/" + segmentFileName(currentDay_);
    st = index_.rebuild(config_.indexPath(), scanSegment(segment));
    if (st.ok())
      st = index_.open(config_.indexPath());
  }
  if (st.failed())
    return st;
  return journal_.open(currentDay_);
}

Status Service::start() {
  Status st = openJournal();
  if (st.failed())
    return st;

  std::shared_ptr<kafka::KafkaProducer> producer(kafka::createProducer(config_.brokers));
  if (!producer)
    return Status::ioError(0, "no producer for brokers " + config_.brokers);
  auto publisher = std::make_shared<JourneyPublisher>(producer, config_.topicPrefix);
  if (!config_.opsFeedEndpoint.empty()) {
    auto feed = std::make_shared<EventChannel>();
    feed->send("hello ops " + config_.opsFeedEndpoint);
    monitor_.replaceFeed(std::move(feed));
  }
  for (const std::string &station : config_.stationFeeds)
    monitor_.openStationFeed(station, std::make_unique<EventChannel>());
  monitor_.subscribe(*publisher);
  denyUpdater_.registerWith(*publisher);
  health_.watch(publisher->watchProducer());
  publisher_.exchange(publisher);

  processor_.start();
  flusher_.start();

  st = acceptor_.listen(config_.deviceAddress, config_.devicePort);
  if (st.failed())
    return st;
  reports_ = makeReportServer(config_);
  if (reports_) {
    Status rs = reports_->start();
    if (rs.failed()) {
      diag_.error("report server not started: %s", rs.describe().c_str());
      reports_.reset();
    }
  }

  const std::string heartbeatTopic = config_.topicPrefix + ".heartbeat";
  timers_.every(std::chrono::seconds(15), [producer, heartbeatTopic] {
    producer->send(kafka::ProducerRecord{heartbeatTopic, std::to_string(nowEpochSeconds())}); // BUG: use-after-close
  });
  timers_.every(std::chrono::seconds(1), [this] {
    std::shared_ptr<JourneyPublisher> current = publisher_.get();
    if (!current || current->isClosed())
      return;
    current->flush(); // OK
  });
  timers_.every(std::chrono::milliseconds(200), [this] {
    commander_.processQueued();
    denyUpdater_.applyPending();
    ingest_.retryBacklog();
  });
  timers_.every(std::chrono::seconds(10), [this] { health_.probe(); });
  timers_.every(std::chrono::seconds(30), [this] {
    const auto now = std::chrono::steady_clock::now();
    const std::size_t removed = registry_.sweep(now, std::chrono::seconds(config_.idleLimitSeconds),
                                                std::chrono::seconds(config_.offlineGraceSeconds));
    if (removed != 0)
      diag_.info("%zu devices forgotten after being offline", removed);
    monitor_.checkGates(now, std::chrono::seconds(config_.idleLimitSeconds / 2));
  });
  timers_.every(std::chrono::minutes(5),
                [this] { monitor_.closeQuietFeeds(std::chrono::steady_clock::now(), std::chrono::minutes(30)); });
  timers_.every(std::chrono::hours(1), [this] { monitor_.sendHourlySummaries(); });
  timers_.every(std::chrono::minutes(1), [this] {
    const ServiceDay today = ServiceDay::of(nowEpochSeconds(), config_.dayCutoverHour);
    if (today == currentDay_)
      return;
    const ServiceDay ended = currentDay_;
    Status rotated = journal_.rotate(today);
    if (rotated.failed())
      diag_.error("journal rotation to %s: %s", today.str().c_str(), rotated.describe().c_str());
    currentDay_ = today;
    endOfDay(ended);
  });
  diag_.info("farecol started: devices on %s:%u, %u publish threads", config_.deviceAddress.c_str(),
             static_cast<unsigned>(config_.devicePort), config_.poolThreads);
  return Status::success();
}

void Service::fillPollSet(std::vector<pollfd> &fds) const { acceptor_.fillPollSet(fds); }

void Service::onReady(const std::vector<pollfd> &fds) {
  try {
    acceptor_.onReady(fds);
  } catch (const std::exception &e) {
    diag_.error("device traffic: %s", e.what());
  }
}

void Service::tick(std::chrono::steady_clock::time_point now) {
  try {
    timers_.runDue(now);
  } catch (const std::exception &e) {
    diag_.error("timer: %s", e.what());
  }
}

int Service::nextTimeoutMs(std::chrono::steady_clock::time_point now) const {
  const auto wait = std::min(timers_.untilNext(now), std::chrono::milliseconds(1000));
  return static_cast<int>(wait.count());
}

Status Service::reload(const std::string &configPath) {
  std::optional<Config> next = loadConfig(configPath, diag_);
  if (!next)
    return Status::invalid("configuration " + configPath);

  for (const std::string &op : config_.operators) {
    if (contains(next->operators, op))
      continue;
    const std::string roster = wire::encodeRoster(denyList_.version(), registry_.ids());
    const std::size_t dropped = registry_.dropOperator(op, roster);
    diag_.info("operator %s left the scheme, %zu devices disconnected", op.c_str(), dropped);
  }
  for (const std::string &station : config_.stationFeeds)
    if (!contains(next->stationFeeds, station))
      monitor_.closeStation(station);
  for (const std::string &station : next->stationFeeds)
    if (!contains(config_.stationFeeds, station))
      monitor_.openStationFeed(station, std::make_unique<EventChannel>());

  Status st = Status::success();
  try {
    st = reloader_.apply(config_, *next);
  } catch (const std::exception &e) {
    st = Status::invalid(std::string("reload: ") + e.what());
  }
  config_ = std::move(*next);
  return st;
}

void Service::endOfDay(const ServiceDay &ended) {
  std::vector<SettlementLine> penalties;
  for (const Journey &j : fares_.expireIncomplete(nowEpochSeconds(), config_.maxTripSeconds))
    penalties.push_back(SettlementLine{j.operatorId, j.cardId, "penalty", j.fareCents, j.exitTime});

  for (const std::string &op : ledger_.operators()) {
    std::vector<SettlementLine> late;
    for (const SettlementLine &line : penalties)
      if (line.operatorId == op)
        late.push_back(line);
    Status st = exporter_.exportSettlement(ended, op, late);
    if (st.failed())
      diag_.error("settlement for %s on %s: %s", op.c_str(), ended.str().c_str(), st.describe().c_str());
  }

  const std::vector<OperatorTotals> totals = ledger_.closeDay();
  Status st = exporter_.exportSummaries(ended, totals);
  if (st.failed())
    diag_.error("summaries for %s: %s", ended.str().c_str(), st.describe().c_str());
  st = exporter_.appendClearingLedger(ended, totals);
  if (st.failed())
    diag_.error("clearing ledger for %s: %s", ended.str().c_str(), st.describe().c_str());
}

std::string Service::summaryLine() const {
  return "taps=" + std::to_string(ingest_.accepted()) + " processed=" + std::to_string(processor_.processed()) +
         " devices=" + std::to_string(registry_.size()) + " denylist=v" + std::to_string(denyList_.version());
}

std::unique_ptr<ReportServer> Service::makeReportServer(const Config &config) {
  if (config.reportPort == 0)
    return nullptr;
  ReportConfig rc;
  rc.address = config.reportAddress;
  rc.port = config.reportPort;
  rc.probePort = config.probePort;
  rc.maxWaiting = config.maxWaitingClients;
  rc.exportDir = config.exportDir;
  return std::make_unique<ReportServer>(rc, ledger_, registry_, commander_, denyUpdater_, audit_, diag_);
}

std::vector<ShutdownStep> Service::shutdownPlan() {
  std::vector<ShutdownStep> steps;
  steps.push_back({"stop report server", [this] {
                     if (reports_)
                       reports_->stop();
                   }});
  steps.push_back({"stop device intake", [this] {
                     acceptor_.stop();
                     ingest_.stop();
                   }});
  steps.push_back({"finish tap processing", [this] {
                     taps_.close(); // OK
                     processor_.join();
                     pool_.drain();
                   }});
  steps.push_back({"apply late deny-list changes", [this] { denyUpdater_.stop(); }});
  steps.push_back({"lock gates", [this] {
                     commander_.stop();
                     registry_.closeAll(wire::encodeBye());
                   }});
  steps.push_back({"stop journal flusher", [this] { flusher_.stop(); }});
  steps.push_back({"close journal", [this] {
                     journal_.close();
                     index_.close(); // SAME: flushrace
                   }});
  steps.push_back({"close publisher", [this] {
                     if (std::shared_ptr<JourneyPublisher> publisher = publisher_.get())
                       publisher->close(); // OK
                   }});
  steps.push_back({"final health report", [this] {
                     health_.reportFinal(summaryLine()); // BUG: use-after-close #finalhealth
                   }});
  steps.push_back({"close operations feed", [this] { monitor_.closeFeed(); }});
  steps.push_back({"stop workers", [this] { pool_.stop(); }});
  return steps;
}

} // namespace farecol
