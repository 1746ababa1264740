// Site: builds and wires the baggage handling system of one terminal. The
// journal, event bus, worker pool and fieldbus are created once and the same
// shared_ptr is handed to every component that needs them. Also here: start
// and the control-loop tick, flight opening, e-stop, belt decommissioning,
// and the last step of shutdown (closing the outputs).
#include "site.h"

#include "bag_router.h"
#include "carousel_manager.h"
#include "command.h"
#include "console.h"
#include "dcs_feed.h"
#include "degraded_mode.h"
#include "early_bag_store.h"
#include "estop.h"
#include "event_bus.h"
#include "feeder.h"
#include "fieldbus.h"
#include "flight_cache.h"
#include "handler_registry.h"
#include "heartbeat.h"
#include "journal.h"
#include "recon_manager.h"
#include "report_archiver.h"
#include "screening_machine.h"
#include "sorter.h"
#include "tag_reader.h"
#include "worker_pool.h"

#include <cstdio>
#include <exception>
#include <utility>

namespace {
constexpr std::size_t kJournalBytes = 8u << 20;
constexpr std::size_t kHeartbeatTicks = 10;    // one tick is 100 ms
constexpr std::size_t kWatchdogTicks = 5;
constexpr std::size_t kKeepaliveTicks = 300;
constexpr std::size_t kShiftTicks = 8u * 3600u * 10u;

std::pair<std::string, std::string> splitTag(const std::string& payload) {
  std::size_t space = payload.find(' ');
  if (space == std::string::npos) return {payload, ""};
  return {payload.substr(0, space), payload.substr(space + 1)};
}
}  // namespace

Site::Site(SiteConfig config) : config_(std::move(config)) {
  journal_ = std::make_shared<JournalWriter>(config_.journalDir, "baggaged", kJournalBytes);
  events_ = std::make_shared<EventBus>();
  pool_ = std::make_shared<WorkerPool>(config_.workers);
  timers_ = std::make_shared<TimerWheel>();
  commands_ = std::make_shared<CommandQueue>();
  registry_ = std::make_shared<HandlerRegistry>();

  bus_ = std::make_shared<Fieldbus>(config_.busGateway, config_.busPort);
  sorter_ = std::make_shared<Sorter>(bus_, journal_);
  for (const auto& [chute, node] : config_.chutes) sorter_->addChute(chute, node);

  std::vector<std::weak_ptr<Feeder>> belts;
  for (const auto& [belt, device] : config_.feederDevices) {
    auto link = std::make_shared<FeederLink>(belt, device);
    auto feeder = std::make_shared<Feeder>(belt, link, journal_);
    links_[belt] = link;
    feeders_[belt] = feeder;
    belts.push_back(feeder);
  }
  oversizeLink_ = std::make_shared<FeederLink>(config_.oversizeBelt, config_.oversizeDevice);
  oversize_ = std::make_shared<Feeder>(config_.oversizeBelt, oversizeLink_, journal_);
  belts.push_back(oversize_);
  estop_ = std::make_shared<EmergencyStopChain>(std::move(belts), sorter_, events_, journal_);

  archiver_ = std::make_shared<ReportArchiver>();
  hbs_ = std::make_shared<ScreeningMachine>("HBS-1", makeTcpScreeningLink(config_.hbsHost, config_.hbsPort), journal_,
                                            archiver_, config_.reportDir);
  flights_ = std::make_shared<FlightInfoCache>(config_.flightSnapshot, config_.flightUpdates, pool_);
  carousels_ = std::make_shared<CarouselManager>(journal_);
  early_ = std::make_shared<EarlyBagStore>(journal_, config_.spillPath);
  dcs_ = std::make_shared<DcsFeed>(config_.dcsHost, config_.dcsPort);
  recon_ = std::make_shared<ReconciliationManager>(dcs_, journal_);
  router_ = std::make_shared<BagRouter>(sorter_, hbs_, carousels_, early_, flights_, registry_, journal_);
  reader_ = std::make_shared<TagReaderService>(ReaderConn(BarcodeSerialConn(config_.scannerDevice)), events_, registry_);
  degraded_ = std::make_shared<DegradedMode>(sorter_, bus_, archiver_, journal_, config_.reportDir);
  console_ = std::make_shared<OperatorConsole>(pool_, commands_, journal_, makeCommandFactory());

  // Handlers run in subscription order: the pinger is cancelled and routing
  // suspended before the PLCs are told about the e-stop.
  events_->subscribe(Topic::EmergencyStop, [this](const Event&) { timers_->cancel(oversizePing_); });
  BagRouter::attach(router_, *events_);
  DegradedMode::attach(degraded_, *events_);
  std::vector<std::shared_ptr<FeederLink>> plcLinks;
  for (const auto& [belt, link] : links_) plcLinks.push_back(link);
  plcLinks.push_back(oversizeLink_);
  events_->subscribe(Topic::EmergencyStop, [plcLinks](const Event&) {
    for (const auto& link : plcLinks) link->sendTelegram("ESTOP-ACK"); // SAME: estop_ack
  });

  std::weak_ptr<BagRouter> weakRouter = router_;
  registry_->registerHandler(MsgType::BagTag, [weakRouter](const Message& m) -> Status {
    auto router = weakRouter.lock();
    if (!router) return Status::Error(StatusCode::Closed, "router gone");
    auto [tag, flight] = splitTag(m.payload);
    return router->onBag(tag, flight);
  });
  registry_->registerHandler(MsgType::ScreenResult, [dcs = dcs_](const Message& m) {
    return dcs->sendChecked("HBS " + m.payload); // OK: sendChecked() returns Closed once the feed is disconnected
  });
}

Site::~Site() {
  if (shutDown_) return;
  try {
    shutdown();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "baggaged: shutdown from destructor failed: %s\n", e.what());
  }
}

Status Site::start() {
  Status st = journal_->open();
  if (!st.ok()) return st;
  Status loaded = flights_->load();
  if (!loaded.ok()) journal_->tryWrite("flight cache cold: " + loaded.message());
  st = sorter_->start();
  if (!st.ok()) return st;
  for (const auto& [belt, feeder] : feeders_) {
    Status fs = feeder->start();
    if (!fs.ok()) journal_->tryWrite("belt " + std::to_string(belt) + " not started: " + fs.message());
    timers_->scheduleEvery(kHeartbeatTicks, makeFeederHeartbeat(links_.at(belt)));
  }
  if (oversize_->start().ok()) oversizePing_ = timers_->scheduleEvery(kHeartbeatTicks, makeLinkPinger(oversizeLink_));
  timers_->scheduleEvery(kWatchdogTicks, makeBusWatchdog(bus_, sorter_, events_));
  Status dcs = dcs_->connect();
  if (!dcs.ok()) journal_->tryWrite("DCS offline: " + dcs.message());
  timers_->scheduleEvery(kKeepaliveTicks, makeDcsKeepalive(dcs_));
  std::weak_ptr<ReconciliationManager> weakRecon = recon_;
  timers_->scheduleEvery(kKeepaliveTicks, [weakRecon, dcs = dcs_] {
    auto recon = weakRecon.lock();
    if (recon && !dcs->isOpen()) recon->resync();
  });
  timers_->scheduleEvery(kShiftTicks, [hbs = hbs_] { hbs->finishShift(); });
  return reader_->start();
}

void Site::tick() {
  if (shutDown_) return;
  reader_->pollOnce();
  commands_->runPending();
  timers_->advance(1);
}

Status Site::openFlight(const std::string& flight) {
  Result<FlightInfo> info = flights_->lookup(flight);
  if (!info.ok()) return info.status();
  Status st = carousels_->openFlight(flight, info.value().carousel);
  if (!st.ok()) return st;
  recon_->openFlight(flight);
  std::size_t released = early_->releaseFlight(flight, *carousels_);
  journal_->tryWrite(flight + " open, " + std::to_string(released) + " early bags released");
  return Status::Ok();
}

void Site::emergencyStop(const std::string& reason) { estop_->trigger(reason); }

Status Site::decommissionFeeder(int beltId) {
  auto it = feeders_.find(beltId);
  if (it == feeders_.end()) return Status::Error(StatusCode::NotFound, "no belt " + std::to_string(beltId));
  feeders_.erase(it);
  std::shared_ptr<FeederLink> link = links_.at(beltId);
  link->sendTelegram("POWER-OFF"); // BUG: use-after-close
  links_.erase(beltId);
  journal_->tryWrite("belt " + std::to_string(beltId) + " decommissioned");
  return Status::Ok();
}

void Site::closeOutputs() {
  for (auto& [belt, link] : links_) {
    if (link->state() != FeederLink::State::Closed) link->close(); // OK: halt() retired most links already, only the rest are closed here
  }
  if (dcs_->isOpen()) dcs_->disconnect(); // OK: finishing the last flight may have disconnected the feed already
  flights_->persistAsync(); // BUG: use-after-close #pool_stopped_first
  flights_->close();
  events_->close();
  journal_->tryWrite("site shutdown complete");
  journal_->close();
}

std::shared_ptr<JournalWriter> Site::journal() const { return journal_; }
std::shared_ptr<TimerWheel> Site::timers() const { return timers_; }
std::shared_ptr<CarouselManager> Site::carousels() const { return carousels_; }
std::shared_ptr<EarlyBagStore> Site::early() const { return early_; }
std::shared_ptr<BagRouter> Site::router() const { return router_; }
std::shared_ptr<ReconciliationManager> Site::recon() const { return recon_; }
std::shared_ptr<Sorter> Site::sorter() const { return sorter_; }
std::shared_ptr<EmergencyStopChain> Site::estop() const { return estop_; }

std::vector<std::shared_ptr<Feeder>> Site::allFeeders() const {
  std::vector<std::shared_ptr<Feeder>> out;
  for (const auto& [belt, feeder] : feeders_) out.push_back(feeder);
  if (oversize_) out.push_back(oversize_);
  return out;
}
