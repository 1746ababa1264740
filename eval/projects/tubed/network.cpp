// Network: the constructor wires the whole plant; the shared fieldbus pool, audit writer,
// worker pool and gateway are handed to several components each. This file has the day
// operation (start, tick, orders, carriers), the fire-alarm path and night mode; the
// ordered teardown lives in network_shutdown.cpp and network_teardown.cpp.
#include "network.h"

#include <cstdio>

#include "handler_factory.h"

namespace tubed {

NetworkConfig default_config(const std::string& etc_dir) {
  NetworkConfig cfg;
  cfg.audit_path = "/var/log/tubed/audit.log";
  cfg.archive_dir = "/var/log/tubed/archive";
  cfg.fieldbus_endpoint = "fieldbus.tubes.local:502";
  cfg.rfid_device = "/dev/ttyRFID0";
  cfg.nurse_call_host = "nursecall.hospital.local";
  cfg.nurse_call_port = 7400;
  cfg.pharmacy_host = "pharmacy-robot.hospital.local";
  cfg.pharmacy_port = 9100;
  cfg.telemetry_path = etc_dir + "/../run/tubed.telemetry";
  cfg.links[kCentralStation] = LinkSpec{LinkSpec::Kind::Station, "/dev/ttyST0", 0};
  cfg.links["ward-icu"] = LinkSpec{LinkSpec::Kind::Station, "/dev/ttyST1", 0};
  cfg.links["ward-er"] = LinkSpec{LinkSpec::Kind::Station, "/dev/ttyST2", 0};
  cfg.links["ward-onco"] = LinkSpec{LinkSpec::Kind::Station, "/dev/ttyST3", 0};
  cfg.links["lab"] = LinkSpec{LinkSpec::Kind::Station, "/dev/ttyST4", 0};
  cfg.links[kPharmacyBus] = LinkSpec{LinkSpec::Kind::BusSegment, "pharmacy-gw.tubes.local", 4001};
  return cfg;
}

Network::Network(NetworkConfig cfg) : cfg_(std::move(cfg)) {
  audit_ = std::make_shared<AuditWriter>(cfg_.audit_path, cfg_.audit_max_bytes);
  archiver_ = std::make_shared<AuditArchiver>(cfg_.archive_dir);
  workers_ = std::make_shared<ThreadPool>(cfg_.worker_threads);
  bus_ = std::make_shared<FieldbusPool>(cfg_.fieldbus_endpoint, cfg_.fieldbus_connections);
  blowers_ = std::make_shared<BlowerController>(bus_, cfg_.blowers);
  diverters_ = std::make_shared<DiverterController>(bus_);
  planner_ = std::make_shared<RoutePlanner>(bus_, diverters_);
  links_ = std::make_shared<LinkRegistry>();
  reader_ = std::make_shared<RfidReader>(cfg_.rfid_device);
  tracker_ = std::make_shared<CarrierTracker>(reader_, workers_);
  gateway_ = std::make_shared<NurseCallGateway>(cfg_.nurse_call_host, cfg_.nurse_call_port);
  pharmacy_ = std::make_shared<PharmacyLink>(cfg_.pharmacy_host, cfg_.pharmacy_port);
  dispenser_ = std::make_shared<PharmacyDispenser>(pharmacy_, audit_);
  alarms_ = std::make_shared<AlarmBus>();
  relay_ = std::make_unique<NurseCallRelay>(alarms_, gateway_, Severity::Warning);
  alarm_log_ = std::make_unique<AuditAlarmLog>(alarms_, audit_, cfg_.alarm_rotate_bytes);
  dispatcher_ = std::make_shared<EventDispatcher>();
  tokens_.push_back(dispatcher_->on(EventKind::NightMode, make_audit_handler(audit_)));
  tokens_.push_back(dispatcher_->on(EventKind::FireAlarm, make_audit_handler(audit_)));
  tokens_.push_back(dispatcher_->on(EventKind::SystemStopped, make_audit_handler(audit_)));
  tokens_.push_back(dispatcher_->on(EventKind::FireAlarm, make_gateway_handler(gateway_)));
  tokens_.push_back(dispatcher_->on(EventKind::CarrierLost, make_tracker_handler(tracker_)));
  tokens_.push_back(dispatcher_->on(EventKind::CarrierArrived, make_soft_audit_handler(audit_)));
  tx_ = std::make_shared<TransactionManager>([this](const std::string& ward, const std::string& text) {
    if (Station* station = station_for(ward)) station->enqueue(text);
  });
  maintenance_ = std::make_shared<MaintenanceMode>(links_, tracker_, diverters_);
  interlock_ = std::make_shared<FireInterlock>(tx_, blowers_, gateway_, alarms_);
  watchdog_ = std::make_shared<Watchdog>(links_, pharmacy_, alarms_, cfg_.watchdog_period, cfg_.stale_after);
  telemetry_ = std::make_shared<Telemetry>(workers_, cfg_.telemetry_path);
  night_ = std::make_shared<NightShutdown>(NightShutdown::Parts{watchdog_, tx_, maintenance_, tracker_, reader_, workers_,
                                                                bus_, links_, audit_, std::chrono::seconds(600)});
  links_->rebuild(cfg_.links);
  build_stations();
  pharmacy_bus_ = links_->find(kPharmacyBus);
}

Network::~Network() {
  shutdown(); // OK: idempotent (stopped_ is exchanged); main() normally ran it already
}

Status Network::start() {
  Status s = audit_->open();
  if (!s.is_ok()) return s;
  s = gateway_->Open();
  if (!s.is_ok()) audit_->write("nurse-call gateway unavailable: " + s.to_string());
  s = pharmacy_->connect();
  if (!s.is_ok()) audit_->write("pharmacy robot unavailable: " + s.to_string());
  s = reader_->start();
  if (!s.is_ok()) audit_->write("rfid readers unavailable: " + s.to_string());
  s = telemetry_->open_sink();
  if (!s.is_ok()) audit_->write("telemetry disabled: " + s.to_string());
  for (auto& station : stations_) station->start();
  tracker_->start();
  watchdog_->start();
  intake_open_ = true;
  audit_->write("tubed started"); // OK: open() succeeded above and nothing here closes the trail
  return Status::ok();
}

void Network::tick() {
  if (stopped_.load()) return;
  if (!night_->drained()) dispenser_->poll();
  for (std::uint64_t id : tx_->overdue(cfg_.carrier_overdue)) {
    tx_->on_timeout(id);
    dispatcher_->emit(Event{EventKind::CarrierLost, std::to_string(id)});
  }
  tx_->reap();
  telemetry_->count("ticks");
  const int gen = audit_->generation();
  if (gen > archived_generation_) {
    Status s = archiver_->archive(audit_->path() + "." + std::to_string(gen));
    if (s.is_ok()) archived_generation_ = gen;
  }
}

Status Network::handle_order(const DispenseOrder& order) {
  if (!intake_open_.load()) return Status::error(Code::Closed, "intake closed");
  ++orders_today_;
  workers_->submit([dispenser = dispenser_, order] { dispenser->dispense(order); }); // OK: intake_open_ is cleared before workers_ is shut down, both on this thread
  return Status::ok();
}

Result<std::uint64_t> Network::send_carrier(const std::string& from, const std::string& to) {
  if (!intake_open_.load()) return Status::error(Code::Closed, "intake closed");
  Status s = planner_->route(from, to);
  if (!s.is_ok()) return s;
  const std::uint64_t id = tx_->begin(from, to);
  s = tx_->advance(id, TxEvent::Launch);
  if (!s.is_ok()) return s;
  dispatcher_->emit(Event{EventKind::CarrierArrived, from + " -> " + to});
  return id;
}

void Network::on_fire_alarm(const std::string& zone) {
  if (stopped_.load()) return;
  intake_open_ = false;
  interlock_->trip(zone);
  dispatcher_->emit(Event{EventKind::FireAlarm, zone}); // BUG: use-after-close #gw_cb
  shutdown(); // BUG: double-close #fire_shutdown
}

void Network::enter_maintenance() {
  if (stopped_.load() || night_->drained()) return;
  maintenance_->enter();
}

void Network::leave_maintenance() {
  if (stopped_.load() || night_->drained()) return;
  maintenance_->exit();
}

void Network::night_mode() {
  if (stopped_.load() || night_->drained()) return;
  intake_open_ = false;
  notify_wards("tube system entering night mode");
  dispatcher_->emit(Event{EventKind::NightMode, ""});
  night_->drain();
  audit_->write("night mode entered; " + std::to_string(orders_today_.load()) + " pharmacy orders today"); // BUG: use-after-close
}

void Network::reconfigure(const LinkConfig& cfg) {
  if (stopped_.load() || night_->drained()) return;
  for (auto& station : stations_) station->stop();
  stations_.clear();
  links_->rebuild(cfg);
  build_stations();
  pharmacy_bus_ = links_->find(kPharmacyBus);
  for (auto& station : stations_) station->start();
}

std::shared_ptr<AuditWriter> Network::audit() const { return audit_; }

void Network::build_stations() {
  for (const auto& [name, spec] : links_->config()) {
    if (spec.kind != LinkSpec::Kind::Station) continue;
    auto* link = dynamic_cast<StationLink*>(links_->find(name));
    if (link != nullptr) stations_.push_back(std::make_unique<Station>(name, link));
  }
}

Station* Network::station_for(const std::string& ward) {
  for (auto& station : stations_) {
    if (station->ward() == ward) return station.get();
  }
  return nullptr;
}

void Network::notify_wards(const std::string& text) {
  for (const auto& station : stations_) {
    Status s = gateway_->Notify(station->ward() + ": " + text); // SAME: offline_notice
    if (!s.is_ok()) break;
  }
}

}  // namespace tubed
