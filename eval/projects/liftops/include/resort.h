// Resort: owns and wires every lift-operations component. Members are
// declared in construction order and destroyed in reverse.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "avalanche_telemetry.h"
#include "blast_log.h"
#include "chairlift_controller.h"
#include "crew_pool.h"
#include "event_bus.h"
#include "gondola_controller.h"
#include "grooming_fleet.h"
#include "lift_monitor.h"
#include "lift_registry.h"
#include "nightly_report.h"
#include "pass_validator.h"
#include "patrol_dispatch.h"
#include "patrol_roster.h"
#include "radio_channel.h"
#include "sales_terminal.h"
#include "ticket_ledger.h"
#include "turnstile_gate.h"
#include "weather_feed.h"
#include "wind_hold.h"

namespace liftops {

struct ResortConfig {
  std::vector<LiftConfig> chairlifts;
  std::vector<LiftConfig> gondolaStations;
  std::vector<std::pair<std::string, int>> weatherStations;
  std::vector<std::pair<std::string, std::string>> gates;
  std::vector<std::string> groomers;
  std::string ledgerPath = "/var/lib/liftops/ledger.log";
  std::string auditPath = "/var/lib/liftops/gates.audit";
  std::string validPassesPath = "/var/lib/liftops/passes.txt";
  std::string blastLogPath = "/var/lib/liftops/blast.log";
  std::string reportDir = "/var/lib/liftops/reports";
  std::string kafkaBrokers = "telemetry-1:9092";
  double groomingMhz = 151.625;
  double gustLimitKph = 75;
};

class Resort {
public:
  explicit Resort(const ResortConfig &config);
  ~Resort();
  Resort(const Resort &) = delete;
  Resort &operator=(const Resort &) = delete;

  void shutdown();
  std::string today() const;

  LiftRegistry &registry() { return registry_; }
  std::vector<std::unique_ptr<ChairliftController>> &chairlifts() { return chairs_; }
  ChairliftController *chair(const std::string &liftId);
  GondolaController &gondola() { return *gondola_; }
  std::shared_ptr<DispatchChannel> dispatch() { return dispatch_; }
  EventBus &bus() { return bus_; }
  GroomingFleet &fleet() { return *fleet_; }
  PatrolRoster &roster() { return *roster_; }
  PassValidator &validator() { return *validator_; }
  BlastLog &blastLog() { return *blastLog_; }
  WeatherFeed &weather() { return weather_; }
  WindHold &windHold() { return *windHold_; }
  std::shared_ptr<WeatherStation> station(const std::string &name);
  void replaceStation(const std::string &name, std::shared_ptr<WeatherStation> fresh);
  NightlyReport &report() { return *report_; }

private:
  void runStep(const char *name, const std::function<void()> &step);

  std::shared_ptr<CrewPool> pool_;
  std::shared_ptr<DispatchChannel> dispatch_;
  EventBus bus_;
  std::shared_ptr<RadioChannel> groomerRadio_;
  std::shared_ptr<TicketLedger> ledger_;
  std::shared_ptr<WindHold> windHold_;
  LiftRegistry registry_;
  std::vector<std::unique_ptr<ChairliftController>> chairs_;
  std::unique_ptr<GondolaController> gondola_;
  std::unique_ptr<LiftMonitor> monitor_;
  std::shared_ptr<PassValidator> validator_;
  std::vector<std::unique_ptr<TurnstileGate>> gates_;
  std::unique_ptr<GroomingFleet> fleet_;
  std::unique_ptr<PatrolRoster> roster_;
  std::shared_ptr<AvalancheTelemetry> telemetry_;
  std::unique_ptr<BlastLog> blastLog_;
  WeatherFeed weather_;
  std::map<std::string, std::shared_ptr<WeatherStation>> stations_;
  std::shared_ptr<SalesTerminal> terminal_;
  std::unique_ptr<NightlyReport> report_;
  bool shutDown_ = false;
};

} // namespace liftops
