// Farm: builds the site in dependency order and wires it together. Shared
// pieces are created once and handed to every component that needs them: the
// blower PLC session goes to the blower, the barge and the power controller;
// the RS-485 bus to both buoys and the poller; the uplink to the alarm panel
// and the power controller; the shutdown sequence to every component that adds
// a lockdown step, before StormLockdown adds the site-wide ones.
#include "farm.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "job_factory.h"

Farm::Farm(const Config& config) : config_(config) {
  sequence_ = std::make_shared<ShutdownSequence>();
  events_ = std::make_shared<EventDispatcher>();
  pool_ = std::make_shared<ThreadPool>(2);

  historian_ = std::make_shared<Historian>(config_.historian_dir, "site");
  Status hist = historian_->open();
  if (!hist.ok()) throw std::runtime_error("historian: " + hist.to_string());
  uplink_ = std::make_shared<SatelliteUplink>(config_.modem_device);
  Status up = uplink_->open();
  if (!up.ok()) throw std::runtime_error("uplink: " + up.to_string());

  blower_plc_ = std::make_shared<PlcLink>(config_.barge_host, 502);
  doser_plc_ = std::make_shared<PlcLink>(config_.doser_host, 502);
  if (!blower_plc_->connect().ok()) std::fprintf(stderr, "blower plc not up yet, the feeder will redial\n");
  if (!doser_plc_->connect().ok()) std::fprintf(stderr, "doser plc not up yet, first write will redial\n");
  blower_ = std::make_shared<BlowerController>(blower_plc_, 3200);
  doser_ = std::make_shared<RotaryDoser>(doser_plc_, 180.0);
  barge_ = std::make_shared<FeedBarge>("barge-1", blower_plc_, doser_plc_, blower_, doser_, 0.0);

  bus_ = std::make_shared<Rs485Bus>(config_.rs485_device);
  Status bus = bus_->open(19200);
  if (!bus.ok()) throw std::runtime_error("rs485: " + bus.to_string());
  temperature_ = std::make_shared<TemperatureBuoy>(0x11, bus_, *sequence_);
  oxygen_ = std::make_shared<OxygenBuoy>(0x12, bus_, *sequence_);
  poller_ = std::make_shared<BuoyPoller>(bus_, events_, std::vector<std::uint8_t>{0x11, 0x12, 0x13},
                                         std::chrono::milliseconds(10000));

  cameras_ = std::make_shared<CameraHub>();
  Status cam = cameras_->add(config_.pen_cam_id, config_.pen_cam_host, 554);
  if (!cam.ok()) std::fprintf(stderr, "pen camera: %s\n", cam.to_string().c_str());
  mortality_ = std::make_shared<MortalityLog>(historian_, cameras_->get(config_.pen_cam_id));
  lice_ = std::make_shared<LiceLog>(historian_, pool_, *sequence_);

  alarms_ = std::make_shared<AlarmPanel>(uplink_, *sequence_);
  ais_ = std::make_shared<AisGateway>(config_.radio_device, events_, *sequence_);
  vet_ = std::make_shared<VetAuthorityClient>(config_.vet_host, "NO-F-1187");
  permit_ = std::make_shared<HarvestPermitWorkflow>(vet_, historian_);

  power_ = std::make_shared<PowerController>(std::make_unique<GeneratorLink>(config_.generator_host, 1),
                                             std::make_unique<BatteryBank>(config_.can_iface, 420.0), blower_plc_,
                                             uplink_, events_);

  tokens_.push_back(events_->subscribe("buoy.frame", make_event_logger(historian_)));
  tokens_.push_back(events_->subscribe("ais.position", make_zone_watch(alarms_, "pen-ring")));
  std::weak_ptr<AlarmPanel> weak_alarms = alarms_;
  tokens_.push_back(events_->subscribe("power.mode", [weak_alarms](const Event& e) {
    if (std::shared_ptr<AlarmPanel> panel = weak_alarms.lock()) panel->raise(Alarm{"power", "mode " + e.payload, 2});  // BUG: use-after-close #alarmq
  }));
  tokens_.push_back(events_->subscribe("power.shed", [weak_alarms](const Event& e) {
    std::shared_ptr<AlarmPanel> panel = weak_alarms.lock();
    if (!panel) return;
    (void)panel->try_raise(Alarm{"power", "load shed: " + e.payload, 3});
  }));

  lockdown_ = std::make_unique<StormLockdown>(
      sequence_, StormLockdown::Parts{barge_, doser_, blower_plc_, doser_plc_, poller_, bus_, cameras_, mortality_, pool_,
                                      power_, historian_, events_});
  routine_ = std::make_unique<DailyRoutine>(DailyRoutine::Wiring{barge_, temperature_, cameras_, mortality_, lice_,
                                                                 historian_, permit_, ais_, alarms_, pool_});
}

Farm::~Farm() {
  for (EventDispatcher::Token token : tokens_) {
    events_->unsubscribe(token);  // OK: unsubscribe() is allowed after stop() and returns false
  }
}

Status Farm::night_lockdown(const std::string& reason) { return lockdown_->engage(reason); }

void Farm::report_secured() {
  bus_->release();  // OK: release() is idempotent; the lockdown released the bus already
  if (uplink_->is_open()) uplink_->send("site " + config_.site + " locked down");  // OK: checked is_open(); load shedding ran on the power monitor, joined by the lockdown
  ais_->broadcast("SECURITE " + config_.site + " fish farm secured for the night, keep clear of moorings");  // BUG: use-after-close
}

DailyRoutine& Farm::routine() { return *routine_; }

std::shared_ptr<ThreadPool> Farm::pool() const { return pool_; }

std::shared_ptr<EventDispatcher> Farm::events() const { return events_; }
