// HeadEnd: construction and start-up, the poll loop, housekeeping, the
// billing/mirror/ops sinks, and shutdown through the stage list.
#include "head_end.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <poll.h>
#include <utility>

#include "clock.h"
#include "shutdown_plan.h"
#include "stats.h"

HeadEnd::HeadEnd(Config cfg, std::string configPath, SignalWatch &signals)
    : cfg_(std::move(cfg)), configPath_(std::move(configPath)), signals_(signals),
      audit_(std::make_unique<AuditLog>(cfg_.auditTarget)),
      readings_("readings", kReadingQueueDepth), compactor_(cfg_.dataDir, *audit_),
      pipeline_(readings_, cfg_.dataDir, *audit_, compactor_), outages_(links_, *audit_),
      tamper_(links_, *audit_), dispatcher_(links_, tamper_, *audit_, cfg_.spoolDir),
      health_(*audit_, cfg_.healthFile, std::chrono::milliseconds(cfg_.healthIntervalMs)),
      executor_("background", cfg_.exportThreads), exports_(cfg_.dataDir, executor_, *audit_),
      acceptor_(links_, *audit_) {}

HeadEnd::~HeadEnd() { shutdown(); } // OK

bool HeadEnd::start() {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(cfg_.kafkaBrokers);
  if (!producer) {
    audit_->record("billing: no producer for %s", cfg_.kafkaBrokers.c_str());
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(pubMu_);
    publisher_ = std::make_shared<BillingPublisher>(std::move(producer), cfg_.billingTopic);
  }
  outages_.bind(publisher_);
  tamper_.bind(publisher_);
  dispatcher_.bind(publisher_);
  exports_.setPublisher(publisher_);
  health_.watch(publisher_);

  if (!cfg_.mirrorHost.empty())
    mirror_ = std::make_unique<EventMirror>(cfg_.mirrorHost);
  if (cfg_.opsEvents)
    opsChannel_.emplace();

  acceptor_.onAttached([this](const std::string &meterId) { dispatcher_.replayParked(meterId); });
  if (!acceptor_.listen(cfg_.listenAddr, cfg_.port))
    return false;
  if (!compactor_.start())
    audit_->record("compactor: not running, closed days stay unarchived");
  if (!pipeline_.start())
    return false;
  health_.start();
  lastTick_ = nowSeconds();
  audit_->record("head-end %s started", cfg_.nodeName.c_str());
  return true;
}

int HeadEnd::run() {
  std::int64_t lastHousekeeping = monotonicMillis();
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<MeterLink *> polled;
    fds.push_back({signals_.fd(), POLLIN, 0});
    fds.push_back({acceptor_.fd(), POLLIN, 0});
    for (MeterLink *link : links_.snapshot()) {
      if (!link->isOpen())
        continue;
      fds.push_back({link->socketFd(), POLLIN, 0});
      polled.push_back(link);
    }

    const int ready = ::poll(fds.data(), fds.size(), cfg_.housekeepingMs);
    if (ready < 0 && errno != EINTR) {
      audit_->record("loop: poll failed: %s", std::strerror(errno));
      return 1;
    }
    if (ready > 0) {
      if (fds[0].revents & POLLIN) {
        const unsigned sig = signals_.take();
        if (sig & SignalWatch::kStop) {
          audit_->record("loop: stop requested");
          return 0;
        }
        if (sig & SignalWatch::kReload)
          reloadFromDisk();
      }
      const std::int64_t now = nowSeconds();
      for (std::size_t i = 0; i < polled.size(); ++i) {
        if (!(fds[i + 2].revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        try {
          onReadable(*polled[i], now);
        } catch (const std::exception &e) {
          audit_->record("loop: frame from %s failed: %s", polled[i]->id().c_str(), e.what());
        }
      }
      if (fds[1].revents & POLLIN) {
        try {
          acceptor_.acceptPending(now);
        } catch (const std::exception &e) {
          audit_->record("loop: admission failed: %s", e.what());
        }
      }
    }

    if (monotonicMillis() - lastHousekeeping >= cfg_.housekeepingMs) {
      try {
        housekeeping(nowSeconds());
      } catch (const std::exception &e) {
        audit_->record("loop: housekeeping failed: %s", e.what());
      }
      lastHousekeeping = monotonicMillis();
    }
  }
}

void HeadEnd::housekeeping(std::int64_t now) {
  try {
    sweepStale(now);
  } catch (const std::exception &e) {
    audit_->record("housekeeping: sweep failed: %s", e.what());
  }
  outages_.flushBacklog();
  dispatcher_.scanSpool();
  restartOpsChannelIfDown();
  BillingPeriod ended;
  if (periodEndedBetween(lastTick_, now, cfg_.billingCycleDay, ended))
    scheduleExports(ended);
  exports_.submitPending();
  lastTick_ = now;
}

void HeadEnd::scheduleExports(const BillingPeriod &ended) {
  ExportRequest csv;
  csv.period = ended;
  csv.format = ExportRequest::Format::Csv;
  csv.path = cfg_.exportDir + "/" + ended.id + ".csv";
  if (cfg_.exportXml) {
    auto xml = std::make_shared<ExportRequest>();
    xml->period = ended;
    xml->format = ExportRequest::Format::Xml;
    xml->path = cfg_.exportDir + "/" + ended.id + ".xml";
    csv.then = std::move(xml);
  }
  if (exports_.submit(std::move(csv)))
    audit_->record("export: billing period %s queued", ended.id.c_str());
}

void HeadEnd::mirror(const BillingEvent &ev) {
  recent_.push_back(ev);
  if (recent_.size() > kRecentEvents)
    recent_.pop_front();
  if (mirror_ && mirror_->isOpen())
    mirror_->tryForward(ev); // OK
}

void HeadEnd::noteOps(const std::string &text) {
  if (!opsChannel_)
    return;
  if (opsChannel_->isOpen())
    opsChannel_->send(text); // OK
  else
    opsNotes_.push_back(text);
}

void HeadEnd::restartOpsChannelIfDown() {
  if (!opsChannel_ || opsChannel_->isOpen())
    return;
  opsChannel_.reset();
  opsChannel_.emplace();
  opsChannel_->send("ops: channel re-established by " + cfg_.nodeName); // OK
  std::vector<std::string> notes;
  notes.swap(opsNotes_);
  for (const std::string &note : notes)
    noteOps(note);
}

std::shared_ptr<BillingPublisher> HeadEnd::publisher() const {
  std::lock_guard<std::mutex> lock(pubMu_);
  return publisher_;
}

void HeadEnd::closeSinks() {
  if (std::shared_ptr<BillingPublisher> pub = publisher())
    pub->close();
  if (mirror_)
    mirror_->close(); // OK
  if (opsChannel_ && opsChannel_->isOpen())
    opsChannel_->close(); // OK
}

void HeadEnd::shutdown() {
  if (stopped_)
    return;
  stopped_ = true;
  ShutdownContext ctx{acceptor_,  health_,   pipeline_, links_,
                      outages_,   compactor_, exports_, executor_,
                      *audit_,    [this] { return drainLinks(); }, [this] { closeSinks(); }};
  const std::vector<ShutdownStage> plan = buildShutdownPlan(ctx);
  for (const StageReport &report : runShutdownPlan(plan))
    if (!report.ok)
      std::fprintf(stderr, "gridd: shutdown stage %s failed after %lld ms: %s\n",
                   report.name.c_str(), static_cast<long long>(report.millis),
                   report.error.c_str());
}
