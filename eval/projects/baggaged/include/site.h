// Site: the whole baggage handling system of one terminal. The constructor
// builds and wires every component; start() brings them up, tick() is one
// turn of the control loop, shutdown() takes everything down.
#pragma once
#include "console.h"
#include "status.h"
#include "timer_wheel.h"
#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

class BagRouter;
class CarouselManager;
class CommandQueue;
class DcsFeed;
class DegradedMode;
class EarlyBagStore;
class EmergencyStopChain;
class EventBus;
class Feeder;
class FeederLink;
class Fieldbus;
class FlightInfoCache;
class HandlerRegistry;
class JournalWriter;
class OperatorConsole;
class ReconciliationManager;
class ReportArchiver;
class ScreeningMachine;
class Sorter;
class TagReaderService;
class WorkerPool;

struct SiteConfig {
  std::string journalDir = "/var/log/baggaged";
  std::string reportDir = "/var/lib/baggaged/reports";
  std::string spillPath = "/var/lib/baggaged/early-bags.spill";
  std::string flightSnapshot = "/var/lib/baggaged/flights.snap";
  std::string flightUpdates = "/var/lib/baggaged/flights.log";
  std::string busGateway = "10.20.0.2";
  int busPort = 47808;
  std::string hbsHost = "10.20.1.10";
  int hbsPort = 7001;
  std::string dcsHost = "10.30.0.5";
  int dcsPort = 9100;
  std::string scannerDevice = "/dev/ttyS4";
  std::map<int, std::string> feederDevices;   // belt id -> PLC serial device
  int oversizeBelt = 99;
  std::string oversizeDevice = "/dev/ttyS9";
  std::map<int, int> chutes;                  // chute -> diverter node
  std::size_t workers = 4;
};

class Site {
 public:
  explicit Site(SiteConfig config);
  ~Site();
  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  Status start();
  void tick();
  void acceptOperator(int listenFd);
  Status openFlight(const std::string& flight);
  void emergencyStop(const std::string& reason);
  Status decommissionFeeder(int beltId);
  void shutdown();

  std::shared_ptr<JournalWriter> journal() const;
  std::shared_ptr<TimerWheel> timers() const;
  std::shared_ptr<CarouselManager> carousels() const;
  std::shared_ptr<EarlyBagStore> early() const;
  std::shared_ptr<BagRouter> router() const;
  std::shared_ptr<ReconciliationManager> recon() const;
  std::shared_ptr<Sorter> sorter() const;
  std::shared_ptr<EmergencyStopChain> estop() const;
  std::vector<std::shared_ptr<Feeder>> allFeeders() const;

 private:
  CommandFactory makeCommandFactory();
  void stopInputs();
  void closeOutputs();

  SiteConfig config_;
  std::shared_ptr<JournalWriter> journal_;
  std::shared_ptr<EventBus> events_;
  std::shared_ptr<WorkerPool> pool_;
  std::shared_ptr<TimerWheel> timers_;
  std::shared_ptr<CommandQueue> commands_;
  std::shared_ptr<HandlerRegistry> registry_;
  std::shared_ptr<Fieldbus> bus_;
  std::shared_ptr<Sorter> sorter_;
  std::map<int, std::shared_ptr<FeederLink>> links_;
  std::map<int, std::shared_ptr<Feeder>> feeders_;
  std::shared_ptr<FeederLink> oversizeLink_;
  std::shared_ptr<Feeder> oversize_;
  std::shared_ptr<EmergencyStopChain> estop_;
  std::shared_ptr<ReportArchiver> archiver_;
  std::shared_ptr<ScreeningMachine> hbs_;
  std::shared_ptr<FlightInfoCache> flights_;
  std::shared_ptr<CarouselManager> carousels_;
  std::shared_ptr<EarlyBagStore> early_;
  std::shared_ptr<DcsFeed> dcs_;
  std::shared_ptr<ReconciliationManager> recon_;
  std::shared_ptr<BagRouter> router_;
  std::shared_ptr<TagReaderService> reader_;
  std::shared_ptr<OperatorConsole> console_;
  std::shared_ptr<DegradedMode> degraded_;
  TimerWheel::TimerId oversizePing_ = 0;
  std::atomic<bool> shutDown_{false};
};
