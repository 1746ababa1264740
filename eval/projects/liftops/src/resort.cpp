// Resort: wires the components together. The same shared_ptrs are handed to
// several owners: each chairlift link goes to the registry, its controller
// and a wind-hold commander; patrol dispatch goes to the controllers, the
// monitor, the fleet and the roster; the ledger goes to the sales terminal
// and the nightly report; the crew pool to the fleet and the report.
#include "resort.h"

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "link_factory.h"
#include "messaging.h"

namespace liftops {

Resort::Resort(const ResortConfig &config)
    : pool_(std::make_shared<CrewPool>(2)),
      dispatch_(std::make_shared<DispatchChannel>("patrol")),
      groomerRadio_(std::make_shared<RadioChannel>("grooming", config.groomingMhz)),
      windHold_(std::make_shared<WindHold>(config.gustLimitKph)) {
  Result<std::shared_ptr<TicketLedger>> ledger = TicketLedger::open(config.ledgerPath);
  if (!ledger.isOk())
    throw std::runtime_error(ledger.status().describe());
  ledger_ = ledger.value();

  for (const LiftConfig &lift : config.chairlifts) {
    std::shared_ptr<LiftLink> link = makeLink(lift);
    Status st = link->open();
    if (!st.isOk())
      std::fprintf(stderr, "startup: %s\n", st.describe().c_str());
    registry_.add(link);
    chairs_.push_back(std::make_unique<ChairliftController>(lift.id, link, dispatch_));
    windHold_->addLift(lift.id, chairs_.back().get(), makeCommander(link));
  }

  std::vector<std::shared_ptr<LiftLink>> stations;
  for (const LiftConfig &station : config.gondolaStations) {
    std::shared_ptr<LiftLink> link = makeLink(station);
    Status st = openWithRetry(*link, 3);
    if (!st.isOk())
      std::fprintf(stderr, "startup: %s\n", st.describe().c_str());
    stations.push_back(link);
  }
  if (!stations.empty())
    windHold_->addAux("gondola-top", makeSafeCommander(stations.back()));
  gondola_ = std::make_unique<GondolaController>("gondola", std::move(stations));

  monitor_ = std::make_unique<LiftMonitor>(registry_, dispatch_);

  validator_ = std::make_shared<PassValidator>(config.auditPath);
  Status passes = validator_->loadValid(config.validPassesPath);
  if (!passes.isOk())
    std::fprintf(stderr, "startup: %s\n", passes.describe().c_str());
  for (const auto &[gateId, device] : config.gates) {
    auto gate = std::make_unique<TurnstileGate>(gateId, device, validator_);
    Status st = gate->init();
    if (st.isOk())
      gate->start();
    else
      std::fprintf(stderr, "gate %s: %s\n", gateId.c_str(), st.describe().c_str());
    gates_.push_back(std::move(gate));
  }

  fleet_ = std::make_unique<GroomingFleet>(groomerRadio_, pool_, dispatch_);
  for (const std::string &unit : config.groomers)
    fleet_->addGroomer(unit);
  fleet_->relayIncidents();
  roster_ = std::make_unique<PatrolRoster>(dispatch_);

  telemetry_ = std::make_shared<AvalancheTelemetry>(kafka::createProducer(config.kafkaBrokers));
  blastLog_ = std::make_unique<BlastLog>(telemetry_, config.blastLogPath);

  for (const auto &[name, port] : config.weatherStations) {
    auto station = std::make_shared<WeatherStation>(name, port);
    Status st = station->open();
    if (!st.isOk()) {
      std::fprintf(stderr, "station %s: %s\n", name.c_str(), st.describe().c_str());
      continue;
    }
    weather_.addStation(station);
    stations_[name] = station;
  }
  weather_.subscribe(windHold_);

  terminal_ = std::make_shared<SalesTerminal>("base-lodge", ledger_);
  report_ = std::make_unique<NightlyReport>(terminal_, ledger_, pool_, config.reportDir);
  dispatch_->onIncident([report = report_.get()](const Incident &) { report->countIncident(); });
  bus_.subscribe("lift.status", [report = report_.get()](const std::string &,
                                                         const std::string &payload) {
    report->noteLift(payload);
  });

  monitor_->start();
}

ChairliftController *Resort::chair(const std::string &liftId) {
  for (auto &chair : chairs_) {
    if (chair->id() == liftId)
      return chair.get();
  }
  return nullptr;
}

std::shared_ptr<WeatherStation> Resort::station(const std::string &name) {
  auto it = stations_.find(name);
  return it == stations_.end() ? nullptr : it->second;
}

void Resort::replaceStation(const std::string &name, std::shared_ptr<WeatherStation> fresh) {
  stations_[name] = std::move(fresh);
}

std::string Resort::today() const {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
  return buf;
}

} // namespace liftops
