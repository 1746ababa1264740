// Owns every subsystem of the daemon, starts them in dependency order and stops them.
// start() and stop() are called from the main thread; stop() is idempotent and the
// destructor calls it. reload() applies a re-read configuration (SIGHUP).
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "messaging.h"
#include "printfarm/config.h"
#include "printfarm/event_bus.h"
#include "printfarm/session_registry.h"

namespace printfarm {

class CameraStream;
class EnclosureMonitor;
class FirmwareUpdater;
class JobScheduler;
class PrinterSession;
class StatusServer;
class TelemetryPublisher;
class TemperatureWatch;
class UsbHotplugWatcher;
class WorkerPool;

class FarmCoordinator {
public:
  explicit FarmCoordinator(FarmConfig cfg);
  ~FarmCoordinator();
  FarmCoordinator(const FarmCoordinator &) = delete;
  FarmCoordinator &operator=(const FarmCoordinator &) = delete;

  bool start();
  void stop();
  void reload(const FarmConfig &cfg);
  bool quitRequested() const;

private:
  std::shared_ptr<PrinterSession> makeSession(const std::string &name, const std::string &device,
                                              const std::string &usbfsNode);
  std::vector<std::string> handleCommand(const std::string &line);
  std::vector<std::string> statusLines() const;
  std::string buildSummary() const;
  void summaryLoop(std::string topic);
  void publishShutdownSummary();
  void log(const std::string &line);

  FarmConfig cfg_;
  EventBus bus_;
  SessionRegistry registry_;

  mutable std::mutex mu_;
  bool running_ = false;
  std::shared_ptr<TelemetryPublisher> telemetry_; // mu_
  std::unique_ptr<kafka::KafkaProducer> summaryProducer_;
  std::unique_ptr<WorkerPool> pool_;
  std::unique_ptr<JobScheduler> scheduler_;
  std::unique_ptr<UsbHotplugWatcher> hotplug_;
  std::unique_ptr<EnclosureMonitor> enclosure_;
  std::unique_ptr<TemperatureWatch> chamber_;
  std::unique_ptr<FirmwareUpdater> updater_;
  std::unique_ptr<StatusServer> status_;
  std::map<std::string, std::unique_ptr<CameraStream>> cameras_;
  std::vector<EventBus::SubscriptionId> subs_;

  std::thread summaryThread_;
  std::mutex summaryMu_;
  std::condition_variable summaryCv_;
  bool summaryStop_ = false;

  std::mutex logMu_;
  std::deque<std::string> log_;
};

} // namespace printfarm
