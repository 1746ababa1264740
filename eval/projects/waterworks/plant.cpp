// Plant: builds every component in its constructor, handing the one field-bus
// client to the stations, valves, doser, telemetry and watchdog, and the one
// sample queue to the historian and the telemetry. Also start-up, the final
// shutdown sequence, the emergency stop, the worker-pool restart and the move
// to another field-bus client.
#include "plant.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "handler_factory.h"
#include "shutdown_sequence.h"
#include "shutdown_steps.h"

namespace ww {

namespace {
constexpr std::size_t kSampleQueueCapacity = 4096;
constexpr std::size_t kAlarmQueueCapacity = 256;
constexpr std::size_t kHistorianFileBytes = 64u << 20;
}  // namespace

Plant::Plant(PlantConfig cfg)
    : cfg_(std::move(cfg)),
      pool_(std::make_shared<ThreadPool>(cfg_.worker_threads)),
      bus_(std::make_shared<FieldbusClient>(cfg_.fieldbus_host, cfg_.fieldbus_port)),
      events_(std::make_shared<EventDispatcher>()),
      samples_(std::make_shared<BoundedQueue<Sample>>(kSampleQueueCapacity)),
      historian_(std::make_shared<Historian>(
          samples_, std::make_unique<HistorianWriter>(cfg_.historian_dir, "levels", kHistorianFileBytes))),
      pager_(std::make_shared<AlarmPager>(cfg_.pager_host, cfg_.pager_port)),
      alarms_(std::make_shared<AlarmManager>(pager_, kAlarmQueueCapacity)),
      valves_(std::make_shared<ValveActuator>(bus_, cfg_.valve_unit, cfg_.valve_registers)),
      doser_(std::make_shared<ChlorineDoser>(bus_, cfg_.doser_unit, alarms_)),
      reservoirs_(std::make_shared<ReservoirTelemetry>(bus_, samples_, events_, cfg_.reservoirs)),
      poller_(std::make_shared<TelemetryPoller>(pool_, reservoirs_,
                                                std::chrono::milliseconds(cfg_.poll_period_ms))),
      watchdog_(std::make_shared<Watchdog>(bus_, cfg_.safety_unit, std::chrono::milliseconds(1000))),
      uplink_(std::make_shared<ScadaUplink>(cfg_.scada_host, cfg_.scada_port)),
      sessions_(std::make_shared<SessionRegistry>()),
      audit_(std::make_shared<AuditLog>(cfg_.audit_path)) {
  for (const StationConfig& sc : cfg_.stations)
    stations_.push_back(std::make_shared<PumpStation>(sc.name, bus_, sc.unit, sc.pumps));

  subscriptions_.push_back(events_->subscribe("station", make_uplink_forwarder(uplink_)));
  subscriptions_.push_back(events_->subscribe("reservoir.level", make_guarded_forwarder(uplink_)));
  subscriptions_.push_back(events_->subscribe(
      "reservoir.level", make_level_alarm_handler(alarms_, cfg_.low_level_m, cfg_.high_level_m)));
  subscriptions_.push_back(events_->subscribe("plant", make_audit_sink(audit_)));

  commands_ = std::make_shared<ConsoleCommands>(*this);
  console_ = std::make_shared<ConsoleServer>(sessions_, events_, audit_, commands_, cfg_.operator_tokens);
}

Plant::~Plant() {
  try {
    shutdown(); // OK: shutdown() runs its body once (shut_down_ flag)
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plant shutdown failed: %s\n", e.what());
  }
}

Status Plant::start() {
  Status st = bus_->connect();
  if (!st.ok()) return st;
  st = audit_->open();
  if (!st.ok()) return st;
  st = historian_->start();
  if (!st.ok()) return st;
  st = pager_->open();
  if (!st.ok()) return st;
  alarms_->start();
  for (const auto& station : stations_) (void)station->bring_online();

  Status up = uplink_->connect();
  if (up.ok()) events_->publish(Event{"station", "plant", 1.0, "plant online"}); // OK: the station forwarder runs on an uplink that just connected
  watchdog_->start();
  poller_->start();
  audit_->append("plant", up.ok() ? "started" : "started without SCADA uplink");
  return Status::Ok();
}

void Plant::shutdown() {
  if (shut_down_) return;
  shut_down_ = true;
  poller_->stop();
  watchdog_->stop();

  ShutdownSequence seq("plant shutdown");
  seq.add(std::make_unique<StopPumpsStep>(stations_));
  seq.add(std::make_unique<IsolateValvesStep>(valves_, bus_));
  seq.add(std::make_unique<FlushHistorianStep>(historian_));
  seq.add(std::make_unique<DisconnectFieldbusStep>(bus_, cfg_.safety_unit));
  seq.add("stop alarm escalation", [alarms = alarms_] { alarms->stop(); return Status::Ok(); });
  seq.add("close pager", [pager = pager_] { pager->close(); return Status::Ok(); }); // OK: the escalation thread was joined by the step before
  seq.add("disconnect scada", [uplink = uplink_] { uplink->disconnect(); return Status::Ok(); });
  seq.add("close consoles", [sessions = sessions_] { sessions->close_all("plant shutting down"); return Status::Ok(); });
  seq.add(std::make_unique<DrainWorkersStep>(pool_));
  SequenceReport report = seq.run();
  for (const std::string& err : report.errors) std::fprintf(stderr, "shutdown: %s\n", err.c_str());

  doser_->halt("plant shutdown"); // BUG: use-after-close #halt_after_alarm_stop
  if (audit_->is_open()) audit_->append("plant", "shutdown complete");
  audit_->close(); // OK: AuditLog::close() is idempotent (a failed rotate may have closed it)
}

void Plant::emergency_stop(const std::string& reason) {
  if (audit_->is_open()) audit_->append("plant", "EMERGENCY STOP: " + reason); // OK: is_open() checked first
  poller_->stop();
  if (bus_->is_closed()) {
    watchdog_->stop();
    return;
  }
  for (const auto& station : stations_) (void)station->take_offline();
  doser_->halt("emergency stop: " + reason);
  bus_->disconnect(); // SAME: watchdog_race
  watchdog_->stop();
}

Status Plant::restart_workers() {
  poller_->stop();
  pool_->shutdown();
  pool_ = std::make_shared<ThreadPool>(cfg_.worker_threads);
  std::shared_ptr<EventDispatcher> events = events_;
  pool_->submit([events] { events->publish(Event{"plant", "plant", 0.0, "worker pool restarted"}); }); // OK: pool_ now holds the new pool
  poller_->start(); // BUG: use-after-close #stale_pool
  return Status::Ok();
}

void Plant::replace_bus(std::shared_ptr<FieldbusClient> bus) {
  poller_->stop();
  watchdog_->stop();
  bus_ = std::move(bus);
  valves_ = std::make_shared<ValveActuator>(bus_, cfg_.valve_unit, cfg_.valve_registers);
  doser_ = std::make_shared<ChlorineDoser>(bus_, cfg_.doser_unit, alarms_);
  reservoirs_ = std::make_shared<ReservoirTelemetry>(bus_, samples_, events_, cfg_.reservoirs);
  poller_ = std::make_shared<TelemetryPoller>(pool_, reservoirs_, std::chrono::milliseconds(cfg_.poll_period_ms));
  watchdog_ = std::make_shared<Watchdog>(bus_, cfg_.safety_unit, std::chrono::milliseconds(1000));
  stations_.clear();
  for (const StationConfig& sc : cfg_.stations)
    stations_.push_back(std::make_shared<PumpStation>(sc.name, bus_, sc.unit, sc.pumps));
}

const PlantConfig& Plant::config() const { return cfg_; }
std::shared_ptr<ThreadPool> Plant::pool() const { return pool_; }
std::shared_ptr<FieldbusClient> Plant::bus() const { return bus_; }
std::shared_ptr<EventDispatcher> Plant::events() const { return events_; }
std::shared_ptr<Historian> Plant::historian() const { return historian_; }
std::shared_ptr<AlarmPager> Plant::pager() const { return pager_; }
std::shared_ptr<AlarmManager> Plant::alarms() const { return alarms_; }
std::shared_ptr<ValveActuator> Plant::valves() const { return valves_; }
std::shared_ptr<ChlorineDoser> Plant::doser() const { return doser_; }
std::shared_ptr<ReservoirTelemetry> Plant::reservoirs() const { return reservoirs_; }
std::shared_ptr<TelemetryPoller> Plant::poller() const { return poller_; }
std::shared_ptr<Watchdog> Plant::watchdog() const { return watchdog_; }
std::shared_ptr<ScadaUplink> Plant::uplink() const { return uplink_; }
std::shared_ptr<SessionRegistry> Plant::sessions() const { return sessions_; }
std::shared_ptr<AuditLog> Plant::audit() const { return audit_; }
std::shared_ptr<ConsoleServer> Plant::console() const { return console_; }
const std::vector<std::shared_ptr<PumpStation>>& Plant::stations() const { return stations_; }

}  // namespace ww
